// The sidebar entries and who sees them (spec section 2 "Sidebar").
import { PERMISSIONS, type Role } from "../../../server/users/roles.ts";

export interface NavItem {
  label: string;
  href?: string;
  roles: readonly Role[];
  children?: NavItem[];
}

const ALL: Role[] = ["SuperAdmin", "Admin", "Lead", "User"];

export const NAV: NavItem[] = [
  { label: "menu.dashboard", href: "/dashboard", roles: ALL },
  {
    label: "menu.manageUsers",
    roles: ["SuperAdmin", "Admin", "Lead"],
    children: [
      { label: "menu.users", href: "/manage-users", roles: ["SuperAdmin", "Admin", "Lead"] },
      { label: "menu.shifts", href: "/shift", roles: ["SuperAdmin", "Admin"] },
    ],
  },
  {
    label: "menu.botKeys",
    roles: ["SuperAdmin"],
    children: [
      { label: "menu.gate", href: "/bot-keys/gate", roles: ["SuperAdmin"] },
      { label: "menu.binance", href: "/bot-keys/binance", roles: ["SuperAdmin"] },
      { label: "menu.houbi", href: "/bot-keys/houbi", roles: ["SuperAdmin"] },
    ],
  },
  { label: "menu.profits", href: "/profit", roles: ["SuperAdmin", "Admin"] },
  { label: "menu.audit", href: "/audit", roles: PERMISSIONS["audit.read"] },
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
