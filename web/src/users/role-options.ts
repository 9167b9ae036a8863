import type { Role } from "../../../server/auth/roles.shared.ts";
import type { useT } from "../i18n/index.ts";

/** Select options for roles, with translated names. */
export const roleOptions = (t: ReturnType<typeof useT>, roles: readonly Role[]) =>
  roles.map((r) => ({ value: r, label: t(`users.roleName.${r}`) }));
