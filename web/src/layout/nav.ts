// The sidebar entries and who sees them (docs/screens.md#sidebar).
import { PERMISSIONS, type Role } from "../../../server/auth/roles.shared.ts";
import type { menuMessages } from "../i18n/menu-messages.ts";
import type { KeyOf } from "../i18n/index.ts";

export interface NavItem {
  label: KeyOf<typeof menuMessages>;
  href?: string;
  roles: readonly Role[];
  children?: NavItem[];
}

const ALL = PERMISSIONS["dashboard.view"];

// Each entry is shown to the roles the page it opens is guarded by (app/signed-in-area.tsx).
export const NAV: NavItem[] = [
  { label: "menu.dashboard", href: "/dashboard", roles: ALL },
  {
    label: "menu.manageUsers",
    roles: PERMISSIONS["users.search"],
    children: [
      { label: "menu.users", href: "/manage-users", roles: PERMISSIONS["users.search"] },
      { label: "menu.shifts", href: "/shift", roles: PERMISSIONS["shifts.manage"] },
    ],
  },
  {
    label: "menu.botKeys",
    roles: PERMISSIONS["botKeys.manage"],
    children: [
      { label: "menu.gate", href: "/bot-keys/gate", roles: PERMISSIONS["botKeys.manage"] },
      { label: "menu.binance", href: "/bot-keys/binance", roles: PERMISSIONS["botKeys.manage"] },
      { label: "menu.houbi", href: "/bot-keys/houbi", roles: PERMISSIONS["botKeys.manage"] },
    ],
  },
  { label: "menu.profits", href: "/profit", roles: PERMISSIONS["profits.view"] },
  { label: "menu.calls", href: "/calls", roles: PERMISSIONS["calls.board"] },
  { label: "menu.audit", href: "/audit", roles: PERMISSIONS["audit.read"] },
  {
    label: "menu.tradingControls",
    href: "/trading-controls",
    roles: PERMISSIONS["trading.halt"],
  },
  {
    label: "menu.reconciliation",
    href: "/reconciliation",
    roles: PERMISSIONS["reconciliation.manage"],
  },
  { label: "menu.btcChart", href: "/yahoo-finance", roles: ALL },
];

/** The entries a role sees, children filtered too; a parent with no visible child is dropped. */
export function navFor(role: Role, items: NavItem[] = NAV): NavItem[] {
  return items.flatMap((item) => {
    if (!item.roles.includes(role)) return [];
    if (!item.children) return [item];
    const children = navFor(role, item.children);
    return children.length ? [{ ...item, children }] : [];
  });
}
