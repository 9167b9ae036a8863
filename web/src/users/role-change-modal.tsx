// Asks before a role change: the user is signed out at once, and a promotion to SuperAdmin hands
// over everything (exchange keys, bot keys, every user), so it says so plainly.
import { Alert } from "@mantine/core";
import type { Role } from "../../../server/auth/roles.shared.ts";
import { ConfirmModal } from "../ui/confirm-modal.tsx";
import { changeRole, type ListedUser } from "./api.ts";
import { refreshUsers } from "./store.ts";
import { combineMessages } from "../i18n/index.ts";
import { settingsMessages } from "./settings-messages.ts";
import { usersMessages } from "./messages.ts";

const messages = combineMessages(settingsMessages, usersMessages);

export function RoleChangeModal({ target, role, onClose }: {
  target: ListedUser;
  role: Role;
  onClose: () => void;
}) {
  const t = messages.useT();
  const roleName = (r: Role) => t(`users.roleName.${r}`);
  return (
    <ConfirmModal
      title={t("roleChange.title")}
      message={t("roleChange.confirm", {
        username: target.username,
        from: roleName(target.role),
        to: roleName(role),
      })}
      confirmLabel={t("roleChange.ok")}
      testId="confirm-role"
      action={async () => {
        try {
          await changeRole(target.id, role);
        } finally {
          // A refused change may still mean the row changed meanwhile.
          refreshUsers();
        }
        return t("users.roleChanged", { username: target.username, role: roleName(role) });
      }}
      failed={t("users.roleFailed")}
      onClose={onClose}
    >
      {role === "SuperAdmin" && (
        <Alert color="red" data-testid="role-superadmin-warning">
          {t("roleChange.superAdmin", { username: target.username })}
        </Alert>
      )}
    </ConfirmModal>
  );
}
