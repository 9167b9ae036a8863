import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useT } from "../i18n/index.ts";
import { errorText, notifyError, notifySuccess } from "../ui/notify.ts";
import { deleteUser, type ListedUser } from "./api.ts";
import { refreshUsers } from "./store.ts";
import "./messages.ts";

/** Asks before deleting: the user is signed out at once and cannot sign in again. */
export function DeleteUserModal({ target, onClose }: { target: ListedUser; onClose: () => void }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await deleteUser(target.id);
      notifySuccess(t("users.deleted", { username: target.username }));
      onClose();
      refreshUsers();
    } catch (err) {
      notifyError(errorText(err, t("users.deleteFailed")));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={t("users.deleteTitle")} centered>
      <Stack>
        <Text>{t("users.deleteConfirm", { username: target.username })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t("common.cancel")}</Button>
          <Button color="red" loading={busy} onClick={confirm} data-testid="confirm-delete">
            {t("users.delete")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
