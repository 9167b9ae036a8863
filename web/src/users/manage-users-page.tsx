// /manage-users: the staff table, searchable and paged, with the actions each role may take.
import { NativeSelect } from "@mantine/core";
import { lazy, Suspense, useEffect, useState } from "react";
import { useSnapshot } from "valtio";
import { ROLES } from "../../../server/db/enums.shared.ts";
import { can, type Role } from "../../../server/auth/roles.shared.ts";
import { type PublicUser, session } from "../session/store.ts";
import { ConfirmModal } from "../ui/confirm-modal.tsx";
import { ListPage } from "../ui/list-page.tsx";
import { PagedTable } from "../ui/paged-table.tsx";
import { SearchInput } from "../ui/search-input.tsx";
import { deleteUser, type ListedUser } from "./api.ts";
import { ChangeUserPasswordModal } from "./change-user-password-modal.tsx";
import { RoleChangeModal } from "./role-change-modal.tsx";
import { roleOptions } from "./role-options.ts";
import { refreshUsers, showUsersTable, users } from "./store.ts";
import { TradingSettingsModal } from "./trading-settings-modal.tsx";
import { type RowAction, userColumns } from "./user-columns.tsx";
import { combineMessages } from "../i18n/index.ts";
import { commonMessages } from "../i18n/common-messages.ts";
import { usersMessages } from "./messages.ts";
import { settingsMessages } from "./settings-messages.ts";
import { CallFiguresPanel } from "../call-history/figures-panel.tsx";

const messages = combineMessages(commonMessages, settingsMessages, usersMessages);

// SuperAdmin only: the same key form as the avatar menu's, aimed at the row's user.
const UpdateKeysModal = lazy(() => import("../keys/update-keys-modal.tsx"));

export default function ManageUsersPage() {
  const t = messages.useT();
  const { user } = useSnapshot(session);
  const table = useSnapshot(users.state);
  const [open, setOpen] = useState<{ row: ListedUser; action: RowAction } | null>(null);
  const [roleChange, setRoleChange] = useState<{ row: ListedUser; role: Role } | null>(null);

  useEffect(showUsersTable, []);

  if (!user) return null;
  const me = user as PublicUser;

  return (
    <ListPage
      testId="users"
      title={t("users.title")}
      filters={
        <>
          <SearchInput
            label={t("common.search")}
            placeholder={t("users.searchUsername")}
            value={table.filters.username}
            onSearch={(username) => users.setFilters({ username })}
            data-testid="users-search"
          />
          <NativeSelect
            label={t("users.role")}
            data={[{ value: "", label: t("users.allRoles") }, ...roleOptions(t, ROLES)]}
            value={table.filters.role}
            onChange={(e) => users.setFilters({ role: e.currentTarget.value as Role | "" })}
            data-testid="users-role-filter"
          />
        </>
      }
      total={t("users.total", { count: table.result.totalItems })}
    >
      <PagedTable
        table={table}
        onPage={users.setPage}
        testId="users"
        minWidth={600}
        empty={t("users.empty")}
        rowKey={(row) => row.id}
        rowProps={(row) => ({ "data-testid": `user-row-${row.username}` })}
        columns={userColumns({
          t,
          me,
          full: can(me.role, "users.list"),
          withActions: can(me.role, "users.editOthers") || can(me.role, "users.delete") ||
            can(me.role, "users.changePassword"),
          onRole: (row, role) => setRoleChange({ row, role }),
          onAction: (row, action) => setOpen({ row, action }),
        })}
      />
      <CallFiguresPanel />
      {roleChange && (
        <RoleChangeModal
          target={roleChange.row}
          role={roleChange.role}
          onClose={() => setRoleChange(null)}
        />
      )}
      {open?.action === "settings" && (
        <TradingSettingsModal
          opened
          target={open.row as PublicUser}
          onSaved={refreshUsers}
          onClose={() => setOpen(null)}
        />
      )}
      {open?.action === "keys" && (
        <Suspense fallback={null}>
          <UpdateKeysModal
            opened
            target={open.row as PublicUser}
            onSaved={refreshUsers}
            onClose={() => setOpen(null)}
          />
        </Suspense>
      )}
      {open?.action === "password" && (
        <ChangeUserPasswordModal
          target={open.row}
          onClose={() => setOpen(null)}
        />
      )}
      {open?.action === "delete" && (
        // The user is signed out at once and cannot sign in again.
        <ConfirmModal
          title={t("users.deleteTitle")}
          message={t("users.deleteConfirm", { username: open.row.username })}
          confirmLabel={t("users.delete")}
          color="red"
          testId="confirm-delete"
          action={async () => {
            await deleteUser(open.row.id);
            refreshUsers();
            return t("users.deleted", { username: open.row.username });
          }}
          failed={t("users.deleteFailed")}
          onClose={() => setOpen(null)}
        />
      )}
    </ListPage>
  );
}
