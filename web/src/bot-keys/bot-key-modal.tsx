// Create or edit a bot key (docs/screens.md#key-forms): masked stored values, focusing clears them,
// only typed values are sent (encrypted), and with nothing to send the modal just closes.
import { Modal, PasswordInput, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { exchangeTitle } from "../../../server/exchanges/pairs.shared.ts";
import { zodValidate } from "../ui/form.ts";
import { useAttempt } from "../ui/attempt.ts";
import { ModalActions } from "../ui/modal-actions.tsx";
import { type BotKeyExchange, type BotKeyView, createBotKey, updateBotKey } from "./api.ts";
import {
  type BotKeyFormValues,
  changesToSend,
  editBotKeyFormSchema,
  initialFormValues,
  newBotKeyFormSchema,
  SECRET_MASK,
  valueOnBlur,
  valueOnFocus,
} from "./key-form.ts";
import { refreshAfterChange } from "./store.ts";
import { combineMessages } from "../i18n/index.ts";
import { botKeysMessages } from "./messages.ts";
import { commonMessages } from "../i18n/common-messages.ts";

const messages = combineMessages(botKeysMessages, commonMessages);

interface Props {
  exchange: BotKeyExchange;
  /** Absent: a new entry. */
  entry?: BotKeyView;
  onClose: () => void;
}

export function BotKeyModal({ exchange, entry, onClose }: Props) {
  const t = messages.useT();
  const { busy, attempt } = useAttempt(onClose);
  const [initial] = useState(() => initialFormValues(entry));
  const form = useForm<BotKeyFormValues>({
    initialValues: initial,
    validate: zodValidate(entry ? editBotKeyFormSchema : newBotKeyFormSchema),
  });

  const submit = form.onSubmit(async (values) => {
    const changes = changesToSend(values, initial);
    if (Object.keys(changes).length === 0) return onClose();
    await attempt(async () => {
      if (entry) await updateBotKey(entry.id, changes);
      else await createBotKey(exchange, values);
      refreshAfterChange();
      return t("botKeys.updateSuccess");
    }, t("botKeys.updateFailed"));
  });

  const masked = (field: "key" | "secret") => {
    const props = form.getInputProps(field);
    return {
      ...props,
      onFocus: () => form.setFieldValue(field, valueOnFocus(form.values[field])),
      onBlur: () => form.setFieldValue(field, valueOnBlur(form.values[field], initial[field])),
      placeholder: initial[field] === SECRET_MASK ? SECRET_MASK : undefined,
      description: initial[field] === SECRET_MASK ? t("botKeys.keepHint") : undefined,
      withAsterisk: !entry,
      autoComplete: "off",
      "data-testid": `bot-key-${field}`,
    };
  };

  return (
    <Modal
      opened
      onClose={onClose}
      centered
      title={entry
        ? t("botKeys.editTitle", { username: entry.username })
        : t("botKeys.addTitle", { exchange: exchangeTitle(exchange) })}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t("botKeys.username")}
            withAsterisk={!entry}
            autoComplete="off"
            {...form.getInputProps("username")}
            data-testid="bot-key-username"
          />
          <TextInput label={t("botKeys.key")} {...masked("key")} />
          <PasswordInput label={t("botKeys.secret")} {...masked("secret")} />
          <ModalActions
            onClose={onClose}
            label={t("common.save")}
            busy={busy}
            testId="bot-key-submit"
          />
        </Stack>
      </form>
    </Modal>
  );
}
