// /manage-users: the staff table, searchable and paged, with the actions each role may take.
import {
  Alert,
  Group,
  NativeSelect,
  Pagination,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useEffect, useState } from "react";
import { useSnapshot } from "valtio";
import { ROLES } from "../../../server/db/enums.ts";
import { can, type Role } from "../../../server/users/roles.ts";
import { useT } from "../i18n/index.ts";
import { type PublicUser, session } from "../session/store.ts";
import { errorText, notifyError, notifySuccess } from "../ui/notify.ts";
import { changeRole, type ListedUser } from "./api.ts";
import { ChangeUserPasswordModal } from "./change-user-password-modal.tsx";
import { DeleteUserModal } from "./delete-user-modal.tsx";
import { roleOptions } from "./role-options.ts";
import { loadUsers, PAGE_SIZE, setFilter, setPage, showUsersTable, usersTable } from "./store.ts";
import { type RowAction, UserRow } from "./user-row.tsx";
import "./messages.ts";

export default function ManageUsersPage() {
  const t = useT();
  const { user } = useSnapshot(session);
  const table = useSnapshot(usersTable);
  const [typed, setTyped] = useState(table.username);
  const [username] = useDebouncedValue(typed, 300);
  const [open, setOpen] = useState<{ row: ListedUser; action: RowAction } | null>(null);
  const allowed = !!user && can(user.role, "users.search");

  useEffect(showUsersTable, []);
  useEffect(() => {
    if (allowed) setFilter({ username });
  }, [allowed, username]);

  if (!user || !allowed) return <Alert color="yellow">{t("users.noAccess")}</Alert>;
  const me = user as PublicUser;
  const full = can(me.role, "users.list");
  const withActions = can(me.role, "users.delete") || can(me.role, "users.changePassword");

  const onRole = async (row: ListedUser, role: Role) => {
    try {
      await changeRole(row.id, role);
      notifySuccess(
        t("users.roleChanged", { username: row.username, role: t(`users.roleName.${role}`) }),
      );
    } catch (err) {
      notifyError(errorText(err, t("users.roleFailed")));
    }
    loadUsers();
  };

  return (
    <Stack>
      <Title order={3} data-testid="users-title">{t("users.title")}</Title>
      <Group align="end">
        <TextInput
          label={t("common.search")}
          placeholder={t("users.searchUsername")}
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          data-testid="users-search"
        />
        <NativeSelect
          label={t("users.role")}
          data={[{ value: "", label: t("users.allRoles") }, ...roleOptions(t, ROLES)]}
          value={table.role}
          onChange={(e) => setFilter({ role: e.currentTarget.value as Role | "" })}
          data-testid="users-role-filter"
        />
        <Text c="dimmed" size="sm" data-testid="users-total">
          {t("users.total", { count: table.totalItems })}
        </Text>
      </Group>
      {table.error && <Alert color="red">{table.error}</Alert>}
      <Table.ScrollContainer minWidth={600}>
        <Table striped highlightOnHover data-testid="users-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("users.id")}</Table.Th>
              <Table.Th>{t("users.username")}</Table.Th>
              {full && <Table.Th>{t("users.email")}</Table.Th>}
              <Table.Th>{t("users.role")}</Table.Th>
              {withActions && <Table.Th>{t("users.actions")}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {table.items.map((row) => (
              <UserRow
                key={row.id}
                me={me}
                row={row as ListedUser}
                full={full}
                withActions={withActions}
                onRole={onRole}
                onAction={(r, action) => setOpen({ row: r, action })}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {!table.requesting && table.items.length === 0 && <Text c="dimmed">{t("users.empty")}</Text>}
      <Pagination
        total={Math.max(1, Math.ceil(table.totalItems / PAGE_SIZE))}
        value={table.page}
        onChange={setPage}
        hideWithOnePage
        data-testid="users-pagination"
      />
      {open?.action === "password" && (
        <ChangeUserPasswordModal
          target={open.row}
          onClose={() => setOpen(null)}
        />
      )}
      {open?.action === "delete" && (
        <DeleteUserModal
          target={open.row}
          onClose={() => setOpen(null)}
        />
      )}
    </Stack>
  );
}
