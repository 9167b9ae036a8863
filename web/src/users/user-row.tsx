// One row of the users table, with the actions the signed-in role may take on that user.
import { Button, Group, NativeSelect, Table, Text } from "@mantine/core";
import { can, canActOn, type Role, rolesAtOrBelow } from "../../../server/users/roles.ts";
import { useT } from "../i18n/index.ts";
import type { PublicUser } from "../session/store.ts";
import type { ListedUser } from "./api.ts";
import { roleOptions } from "./role-options.ts";

export type RowAction = "password" | "delete";

export function actionsFor(me: PublicUser, row: ListedUser) {
  const onOther = me.id !== row.id && canActOn(me.role, row.role);
  return {
    role: onOther && can(me.role, "users.changeRole"),
    password: onOther && can(me.role, "users.changePassword"),
    delete: onOther && can(me.role, "users.delete"),
  };
}

export function UserRow({ me, row, full, withActions, onRole, onAction }: {
  me: PublicUser;
  row: ListedUser;
  /** Admins see the whole public user; a Lead sees id, username and role. */
  full: boolean;
  withActions: boolean;
  onRole: (row: ListedUser, role: Role) => void;
  onAction: (row: ListedUser, action: RowAction) => void;
}) {
  const t = useT();
  const allowed = actionsFor(me, row);
  const testId = (what: string) => `${what}-${row.username}`;
  return (
    <Table.Tr data-testid={testId("user-row")}>
      <Table.Td>{row.id}</Table.Td>
      <Table.Td>
        {row.username}
        {row.id === me.id && <Text span c="dimmed" size="xs">{` (${t("users.you")})`}</Text>}
      </Table.Td>
      {full && <Table.Td>{row.email}</Table.Td>}
      <Table.Td>
        {allowed.role
          ? (
            <NativeSelect
              size="xs"
              w={170}
              aria-label={t("users.role")}
              data-testid={testId("role-select")}
              data={roleOptions(t, rolesAtOrBelow(me.role))}
              value={row.role}
              onChange={(e) => onRole(row, e.currentTarget.value as Role)}
            />
          )
          : t(`users.roleName.${row.role}`)}
      </Table.Td>
      {withActions && (
        <Table.Td>
          <Group gap="xs" wrap="nowrap">
            {allowed.password && (
              <Button
                size="compact-xs"
                variant="light"
                data-testid={testId("change-password")}
                onClick={() => onAction(row, "password")}
              >
                {t("users.changePassword")}
              </Button>
            )}
            {allowed.delete && (
              <Button
                size="compact-xs"
                variant="light"
                color="red"
                data-testid={testId("delete")}
                onClick={() => onAction(row, "delete")}
              >
                {t("users.delete")}
              </Button>
            )}
          </Group>
        </Table.Td>
      )}
    </Table.Tr>
  );
}
