import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useT } from "../i18n/index.ts";
import { errorText, notifyError, notifySuccess } from "../ui/notify.ts";
import { type BotKeyView, deleteBotKey } from "./api.ts";
import { refreshAfterChange } from "./store.ts";
import "./messages.ts";

/** Asks before deleting: the key also leaves every user's selected bots. */
export function DeleteBotKeyModal({ entry, onClose }: { entry: BotKeyView; onClose: () => void }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await deleteBotKey(entry.id);
      notifySuccess(t("botKeys.deleted", { username: entry.username }));
      onClose();
      refreshAfterChange();
    } catch (err) {
      notifyError(errorText(err, t("botKeys.deleteFailed")));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={t("botKeys.deleteTitle")} centered>
      <Stack>
        <Text>{t("botKeys.deleteConfirm", { username: entry.username })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t("common.cancel")}</Button>
          <Button color="red" loading={busy} onClick={confirm} data-testid="bot-key-confirm-delete">
            {t("botKeys.delete")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
