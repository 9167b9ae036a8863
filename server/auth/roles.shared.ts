// The one table of role rules (docs/roles.md#who-may-do-what). Pure: the client imports it to hide
// what the server would refuse anyway.
import type { ROLES } from "../db/enums.shared.ts";

export type Role = (typeof ROLES)[number];

const LEVEL: Record<Role, number> = { SuperAdmin: 4, Admin: 3, Lead: 2, User: 1 };

export const roleLevel = (role: Role) => LEVEL[role];
/** A role may create or promote only to roles at or below its own level. */
export const rolesAtOrBelow = (role: Role): Role[] =>
  (Object.keys(LEVEL) as Role[]).filter((r) => LEVEL[r] <= LEVEL[role]);
/**
 * Acting on another user (password, 2FA reset, role, deletion) needs a role above theirs: an
 * Admin cannot take over or remove a fellow Admin. SuperAdmins act on each other, as nobody is
 * above them to recover one who lost their second factor.
 */
export const canActOn = (actor: Role, target: Role) =>
  LEVEL[target] < LEVEL[actor] || actor === "SuperAdmin";
export const isAtLeast = (role: Role, min: Role) => LEVEL[role] >= LEVEL[min];

const EVERYONE: Role[] = ["SuperAdmin", "Admin", "Lead", "User"];
const LEAD_UP: Role[] = ["SuperAdmin", "Admin", "Lead"];
const ADMIN_UP: Role[] = ["SuperAdmin", "Admin"];
const SUPER: Role[] = ["SuperAdmin"];

/** Who may do what. Every route checks one of these on the server. */
export const PERMISSIONS = {
  "dashboard.view": EVERYONE,
  "priceHistory.view": EVERYONE,
  "trade.always": LEAD_UP,
  "calls.send": LEAD_UP,
  /** Call boards and history: a Lead their own calls' (server/calls/routes.ts), Admins all. */
  "calls.board": LEAD_UP,
  "calls.viewAll": ADMIN_UP,
  "users.search": LEAD_UP,
  "users.editSelf": EVERYONE,
  "users.create": ADMIN_UP,
  "users.list": ADMIN_UP,
  "users.delete": ADMIN_UP,
  "users.changeRole": ADMIN_UP,
  "users.changePassword": ADMIN_UP,
  "users.editOthers": ADMIN_UP,
  "users.resetAccess": ADMIN_UP,
  "audit.read": ADMIN_UP,
  "bots.select": LEAD_UP,
  "botKeys.manage": SUPER,
  "keys.update": SUPER,
  "transactions.viewAll": ADMIN_UP,
  "transactions.editAll": ADMIN_UP,
  "reports.transactions": LEAD_UP,
  "reports.userSummary": LEAD_UP,
  "reports.endOfShift": ADMIN_UP,
  "shifts.manage": ADMIN_UP,
  "shiftReports.editAny": ADMIN_UP,
  "profits.view": ADMIN_UP,
  "shiftReports.save": EVERYONE,
  "media.upload": ADMIN_UP,
  "trading.halt": ADMIN_UP,
  "trading.limits": ADMIN_UP,
  "reconciliation.manage": ADMIN_UP,
} as const satisfies Record<string, Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export const can = (role: Role, permission: Permission) =>
  (PERMISSIONS[permission] as readonly Role[]).includes(role);
