// 'Update {exchange} Key/Secret' (SuperAdmin; spec sections 2, 5 and 8) for the exchange selected
// in the topbar. Fields are encrypted for transport; the answer (masks) merges into the session.
import { Button, Modal, PasswordInput, Stack, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { useSnapshot } from "valtio";
import { exchangeTitle, type UserKeyField } from "../../../server/keys/schema.ts";
import { useT } from "../i18n/index.ts";
import type { ModalProps } from "../layout/avatar-menu.tsx";
import { session, updateUser } from "../session/store.ts";
import { tradingExchange } from "../trading/pairs.ts";
import { errorText, notifyError, notifySuccess } from "../ui/notify.ts";
import { updateKeys } from "./api.ts";
import {
  FORM_FIELDS,
  initialKeyValues,
  keysToSend,
  type KeyValues,
  valueOnBlur,
  valueOnFocus,
} from "./key-form.ts";
import "./messages.ts";

const isSecret = (field: UserKeyField) => field.toLowerCase().includes("secret");

export default function UpdateKeysModal({ opened, onClose }: ModalProps) {
  const t = useT();
  const { user } = useSnapshot(session);
  const exchange = tradingExchange(user?.exchange);
  const fields = FORM_FIELDS[exchange];
  const [initial] = useState(() => initialKeyValues(user ?? {}, fields));
  const [values, setValues] = useState<KeyValues>(initial);
  const [busy, setBusy] = useState(false);
  const set = (field: UserKeyField, value: string) => setValues((v) => ({ ...v, [field]: value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const fieldsToSend = keysToSend(values);
    if (Object.keys(fieldsToSend).length === 0) return onClose();
    setBusy(true);
    try {
      updateUser(await updateKeys(fieldsToSend));
      notifySuccess(t("keys.success"));
      onClose();
    } catch (err) {
      notifyError(errorText(err, t("keys.failed")));
    } finally {
      setBusy(false);
    }
  };

  const title = t("keys.title", { exchange: exchangeTitle(exchange) });
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <form onSubmit={submit}>
        <Stack>
          {fields.map((field) => {
            const Input = isSecret(field) ? PasswordInput : TextInput;
            return (
              <Input
                key={field}
                label={t(`keys.field.${field}`)}
                autoComplete="off"
                value={values[field] ?? ""}
                onFocus={() => set(field, valueOnFocus(values[field] ?? ""))}
                onBlur={() => set(field, valueOnBlur(values[field] ?? "", initial[field] ?? ""))}
                onChange={(e) => set(field, e.currentTarget.value)}
                data-testid={`key-${field}`}
              />
            );
          })}
          <Button type="submit" loading={busy} data-testid="keys-submit">
            {t("common.save")}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
