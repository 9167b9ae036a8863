// The fixed topbar on every page. Areas add their controls here (trading, calls, shift end).
import { Burger, Group } from "@mantine/core";
import { useSnapshot } from "valtio";
import { Link } from "wouter";
import { LanguageSelect } from "../i18n/language-select.tsx";
import { useT } from "../i18n/index.ts";
import { AvatarMenu } from "./avatar-menu.tsx";
import { layout, toggleCollapsed } from "./view.ts";

export function Topbar() {
  const { collapsed, mobile } = useSnapshot(layout);
  const t = useT();
  return (
    <Group h="100%" px="sm" gap="xs" wrap="nowrap" justify="space-between">
      <Group gap="xs" wrap="nowrap">
        <Burger
          opened={!collapsed}
          onClick={toggleCollapsed}
          size="sm"
          aria-label={t("menu.toggle")}
          data-testid="menu-toggle"
        />
        <Link href="/dashboard" aria-label={t("menu.dashboard")} data-testid="logo">
          <strong style={{ whiteSpace: "nowrap" }}>{mobile ? "GB" : "Gate Bot"}</strong>
        </Link>
      </Group>
      <Group gap="xs" wrap={mobile ? "wrap" : "nowrap"} justify="flex-end" style={{ flex: 1 }}>
        {!mobile && <LanguageSelect />}
        <AvatarMenu />
      </Group>
    </Group>
  );
}
