// The fixed topbar on every page. Areas add their controls here (trading, calls, shift end).
import { Burger, Group, Stack } from "@mantine/core";
import { useSnapshot } from "valtio";
import { Link } from "wouter";
import { BotSelector } from "../bot-keys/bot-selector.tsx";
import { CallAlerts } from "../calls/call-alerts.tsx";
import { CallControls } from "../calls/call-controls.tsx";
import { LanguageSelect } from "../i18n/language-select.tsx";
import { useT } from "../i18n/index.ts";
import { LivePrice } from "../trading/live-price.tsx";
import { RealtimeLink } from "../realtime/realtime-link.tsx";
import { TradingBar } from "../trading/trading-bar.tsx";
import { AvatarMenu } from "./avatar-menu.tsx";
import { layout, toggleCollapsed } from "./view.ts";

export function Topbar() {
  const { collapsed, mobile } = useSnapshot(layout);
  const t = useT();
  const bar = (
    <Group h={mobile ? undefined : "100%"} px="sm" gap="xs" wrap="nowrap" justify="space-between">
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
        {mobile && <LivePrice />}
      </Group>
      {!mobile && <TradingBar />}
      {!mobile && <CallControls />}
      <Group gap="xs" wrap={mobile ? "wrap" : "nowrap"} justify="flex-end" style={{ flex: 1 }}>
        <BotSelector />
        {!mobile && <LanguageSelect />}
        <AvatarMenu />
        <RealtimeLink />
        <CallAlerts />
      </Group>
    </Group>
  );
  if (!mobile) return bar;
  // Mobile: the trading controls wrap into a second row (the header is taller there).
  return (
    <Stack h="100%" gap={4} justify="center">
      {bar}
      <Group px="sm" wrap="nowrap" justify="center">
        <TradingBar withPrice={false} />
        <CallControls />
      </Group>
    </Stack>
  );
}
