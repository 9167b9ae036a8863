import type { Role } from "../../../server/auth/roles.shared.ts";
import { usersMessages } from "./messages.ts";

/** Select options for roles, with translated names. */
export const roleOptions = (t: ReturnType<typeof usersMessages.useT>, roles: readonly Role[]) =>
  roles.map((r) => ({ value: r, label: t(`users.roleName.${r}`) }));
