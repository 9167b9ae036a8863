// The columns of the users table, with the actions the signed-in role may take on each user.
import { Button, Group, NativeSelect, Text } from "@mantine/core";
import type { Snapshot } from "valtio";
import { can, canActOn, type Role, rolesAtOrBelow } from "../../../server/auth/roles.shared.ts";
import type { PublicUser } from "../session/store.ts";
import type { Column } from "../ui/paged-table.tsx";
import type { ListedUser } from "./api.ts";
import { KeysCell } from "./keys-cell.tsx";
import { roleOptions } from "./role-options.ts";
import type { KeyOf, Translator } from "../i18n/index.ts";
import type { settingsMessages } from "./settings-messages.ts";
import type { usersMessages } from "./messages.ts";

export type RowAction = "settings" | "keys" | "password" | "delete";

type Row = Snapshot<ListedUser>;

const ROW_ACTIONS = [
  { action: "settings", label: "settings.open", testId: "settings", color: undefined },
  { action: "keys", label: "settings.keys", testId: "keys", color: undefined },
  {
    action: "password",
    label: "users.changePassword",
    testId: "change-password",
    color: undefined,
  },
  { action: "delete", label: "users.delete", testId: "delete", color: "red" },
] as const;

function actionsFor(me: PublicUser, row: Row) {
  const onOther = me.id !== row.id && canActOn(me.role, row.role);
  const onAny = canActOn(me.role, row.role);
  return {
    settings: onAny && can(me.role, "users.editOthers"),
    keys: onAny && can(me.role, "keys.update"),
    role: onOther && can(me.role, "users.changeRole"),
    password: onOther && can(me.role, "users.changePassword"),
    delete: onOther && can(me.role, "users.delete"),
  };
}

export function userColumns({ t, me, full, withActions, onRole, onAction }: {
  t: Translator<KeyOf<typeof settingsMessages> | KeyOf<typeof usersMessages>>;
  me: PublicUser;
  /** Admins see the whole public user; a Lead sees id, username and role. */
  full: boolean;
  withActions: boolean;
  onRole: (row: ListedUser, role: Role) => void;
  onAction: (row: ListedUser, action: RowAction) => void;
}): (Column<Row> | false)[] {
  const testId = (what: string, row: Row) => `${what}-${row.username}`;
  return [
    { key: "id", header: t("users.id"), cell: (row) => row.id },
    {
      key: "username",
      header: t("users.username"),
      cell: (row) => (
        <>
          {row.username}
          {row.id === me.id && <Text span c="dimmed" size="xs">{` (${t("users.you")})`}</Text>}
        </>
      ),
    },
    full && { key: "email", header: t("users.email"), cell: (row) => row.email },
    full && {
      key: "keys",
      header: t("settings.keysColumn"),
      cell: (row) => <KeysCell t={t} row={row as ListedUser} />,
    },
    {
      key: "role",
      header: t("users.role"),
      cell: (row) =>
        actionsFor(me, row).role
          ? (
            <NativeSelect
              size="xs"
              w={170}
              aria-label={t("users.role")}
              data-testid={testId("role-select", row)}
              data={roleOptions(t, rolesAtOrBelow(me.role))}
              value={row.role}
              onChange={(e) => onRole(row as ListedUser, e.currentTarget.value as Role)}
            />
          )
          : t(`users.roleName.${row.role}`),
    },
    withActions && {
      key: "actions",
      header: t("users.actions"),
      cell: (row) => {
        const allowed = actionsFor(me, row);
        return (
          <Group gap="xs" wrap="nowrap">
            {ROW_ACTIONS.filter((a) => allowed[a.action]).map((a) => (
              <Button
                key={a.action}
                size="compact-xs"
                variant="light"
                color={a.color}
                data-testid={testId(a.testId, row)}
                onClick={() => onAction(row as ListedUser, a.action)}
              >
                {t(a.label)}
              </Button>
            ))}
          </Group>
        );
      },
    },
  ];
}
