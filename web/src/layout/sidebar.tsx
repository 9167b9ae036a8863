import { NavLink } from "@mantine/core";
import { type ReactNode, useState } from "react";
import { useSnapshot } from "valtio";
import { Link, useLocation } from "wouter";
import { session } from "../session/store.ts";
import { navFor, type NavItem } from "./nav.ts";
import { layout } from "./view.ts";
import { menuMessages } from "../i18n/menu-messages.ts";

export function Sidebar() {
  const { user } = useSnapshot(session);
  const t = menuMessages.useT();
  const [location] = useLocation();
  if (!user) return null;

  const closeOnMobile = () => {
    if (layout.view !== "desktop") layout.collapsed = true;
  };
  const render = (item: NavItem) =>
    item.children
      ? (
        <NavGroup
          key={item.label}
          label={t(item.label)}
          defaultOpened={item.children.some((c) => c.href === location)}
        >
          {item.children.map(render)}
        </NavGroup>
      )
      : (
        <NavLink
          key={item.label}
          component={Link}
          href={item.href!}
          label={t(item.label)}
          active={location === item.href}
          onClick={closeOnMobile}
        />
      );

  return (
    // The browser's own scrolling: Mantine's ScrollArea weighs 5 KB of a first load.
    <nav
      aria-label={t("menu.navigation")}
      data-testid="sidebar"
      style={{ overflowY: "auto", minHeight: 0 }}
    >
      {navFor(user.role).map(render)}
    </nav>
  );
}

/** A group of entries: a real button (reached by Tab, opened with Enter or Space) that says
 * whether it is open. */
function NavGroup(
  { label, defaultOpened, children }: {
    label: string;
    defaultOpened: boolean;
    children: ReactNode;
  },
) {
  const [opened, setOpened] = useState(defaultOpened);
  return (
    <NavLink
      component="button"
      type="button"
      label={label}
      opened={opened}
      onChange={setOpened}
      aria-expanded={opened}
      // Mantine would keep a closed group's entries mounted in a hidden Activity, which React
      // renders in a commit of its own late in every load, for entries few loads show.
      keepMounted={false}
    >
      {children}
    </NavLink>
  );
}
