import { NavLink, ScrollArea } from "@mantine/core";
import { useSnapshot } from "valtio";
import { Link, useLocation } from "wouter";
import { useT } from "../i18n/index.ts";
import { session } from "../session/store.ts";
import { navFor, type NavItem } from "./nav.ts";
import { layout } from "./view.ts";

export function Sidebar() {
  const { user } = useSnapshot(session);
  const t = useT();
  const [location] = useLocation();
  if (!user) return null;

  const closeOnMobile = () => {
    if (layout.view !== "desktop") layout.collapsed = true;
  };
  const render = (item: NavItem) =>
    item.children
      ? (
        <NavLink
          key={item.label}
          label={t(item.label)}
          defaultOpened={item.children.some((c) => c.href === location)}
        >
          {item.children.map(render)}
        </NavLink>
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
    <nav aria-label={t("menu.navigation")} data-testid="sidebar">
      <ScrollArea>{navFor(user.role).map(render)}</ScrollArea>
    </nav>
  );
}
