// Asks before a role change: the user is signed out at once, and a promotion to SuperAdmin hands
// over everything (exchange keys, bot keys, every user), so it says so plainly.
import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useState } from "react";
import type { Role } from "../../../server/auth/roles.ts";
import { useT } from "../i18n/index.ts";
import { errorText, notifyError, notifySuccess } from "../ui/notify.ts";
import { changeRole, type ListedUser } from "./api.ts";
import { refreshUsers } from "./store.ts";
import "./messages.ts";
import "./settings-messages.ts";

export function RoleChangeModal({ target, role, onClose }: {
  target: ListedUser;
  role: Role;
  onClose: () => void;
}) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const roleName = (r: Role) => t(`users.roleName.${r}`);
  const confirm = async () => {
    setBusy(true);
    try {
      await changeRole(target.id, role);
      notifySuccess(t("users.roleChanged", { username: target.username, role: roleName(role) }));
      onClose();
    } catch (err) {
      notifyError(errorText(err, t("users.roleFailed")));
    } finally {
      setBusy(false);
      refreshUsers();
    }
  };
  return (
    <Modal opened onClose={onClose} title={t("roleChange.title")} centered>
      <Stack>
        <Text>
          {t("roleChange.confirm", {
            username: target.username,
            from: roleName(target.role),
            to: roleName(role),
          })}
        </Text>
        {role === "SuperAdmin" && (
          <Alert color="red" data-testid="role-superadmin-warning">
            {t("roleChange.superAdmin", { username: target.username })}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t("common.cancel")}</Button>
          <Button loading={busy} onClick={confirm} data-testid="confirm-role">
            {t("roleChange.ok")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
