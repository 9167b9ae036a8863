// 'Update {exchange} Key/Secret' (SuperAdmin; docs/screens.md#key-forms): from the avatar menu for
// the signed-in user on the topbar's exchange, or from a row of /manage-users for that user, with
// the exchange chosen in the modal. Fields are encrypted for transport; stored values show masked.
import { Button, Modal, PasswordInput, SegmentedControl, Stack, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { useSnapshot } from "valtio";
import { type UserKeyField } from "../../../server/keys/schema.ts";
import { exchangeTitle } from "../../../server/exchanges/pairs.shared.ts";
import type { ModalProps } from "../ui/modal-props.ts";
import { type PublicUser, session, updateUser } from "../session/store.ts";
import { TRADING_EXCHANGES, type TradingExchange, tradingExchange } from "../market/pairs.ts";
import { useAttempt } from "../ui/attempt.ts";
import { updateKeys } from "./api.ts";
import {
  FORM_FIELDS,
  initialKeyValues,
  keysToSend,
  type KeyValues,
  valueOnBlur,
  valueOnFocus,
} from "./key-form.ts";
import { combineMessages } from "../i18n/index.ts";
import { commonMessages } from "../i18n/common-messages.ts";
import { keysMessages } from "./messages.ts";

const messages = combineMessages(commonMessages, keysMessages);

const isSecret = (field: UserKeyField) => field.toLowerCase().includes("secret");

type KeyOwner = Pick<PublicUser, "id" | "username" | "exchange"> & Partial<PublicUser>;

export default function UpdateKeysModal({ opened, onClose, target, onSaved }: ModalProps & {
  /** Another user's keys (from /manage-users); the signed-in user's when absent. */
  target?: KeyOwner;
  onSaved?: (user: PublicUser) => void;
}) {
  const t = messages.useT();
  const { user } = useSnapshot(session);
  const owner = target ?? (user as KeyOwner | null);
  const [exchange, setExchange] = useState<TradingExchange>(tradingExchange(owner?.exchange));
  if (!owner) return null;
  const title = target
    ? t("keys.titleOf", { exchange: exchangeTitle(exchange), username: owner.username })
    : t("keys.title", { exchange: exchangeTitle(exchange) });
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack>
        {target && (
          <SegmentedControl
            data={TRADING_EXCHANGES.map((e) => ({ value: e, label: exchangeTitle(e) }))}
            value={exchange}
            onChange={(v) => setExchange(v as TradingExchange)}
            data-testid="keys-exchange"
          />
        )}
        <KeyFields
          key={exchange}
          owner={owner}
          exchange={exchange}
          onDone={(saved) => {
            if (saved) {
              if (saved.id === session.user?.id) updateUser(saved);
              onSaved?.(saved);
            }
            onClose();
          }}
        />
      </Stack>
    </Modal>
  );
}

function KeyFields({ owner, exchange, onDone }: {
  owner: KeyOwner;
  exchange: TradingExchange;
  onDone: (saved: PublicUser | null) => void;
}) {
  const t = messages.useT();
  const fields = FORM_FIELDS[exchange];
  const [initial] = useState(() => initialKeyValues(owner, fields));
  const [values, setValues] = useState<KeyValues>(initial);
  const { busy, attempt } = useAttempt();
  const set = (field: UserKeyField, value: string) => setValues((v) => ({ ...v, [field]: value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const fieldsToSend = keysToSend(values);
    if (Object.keys(fieldsToSend).length === 0) return onDone(null);
    await attempt(async () => {
      const own = owner.id === session.user?.id;
      onDone(await updateKeys(fieldsToSend, own ? undefined : owner.id));
      return t("keys.success");
    }, t("keys.failed"));
  };

  return (
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
  );
}
