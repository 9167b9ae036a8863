// The fixed topbar on every page. Areas add their controls here (trading, calls, shift end).
import { Burger, Group, Stack } from "@mantine/core";
import { useSnapshot } from "valtio";
import { Link } from "wouter";
import { BotSelector } from "../bot-keys/bot-selector.tsx";
import { CallAlerts } from "../calls/call-alerts.tsx";
import { CallControls } from "../calls/call-controls.tsx";
import { LanguageSelect } from "../i18n/language-select.tsx";
import { LivePrice } from "../trading/live-price.tsx";
import { RealtimeLink } from "../realtime/realtime-link.tsx";
import { TradingBar } from "../trading/trading-bar.tsx";
import { ShiftEndButton } from "../shift-reports/shift-end-button.tsx";
import { AvatarMenu } from "./avatar-trigger.tsx";
import { layout, toggleCollapsed } from "./view.ts";
import { menuMessages } from "../i18n/menu-messages.ts";

export function Topbar() {
  // A narrower window does not fit every control in one row: they move to rows of their own.
  const { collapsed, mobile, compactTopbar: compact } = useSnapshot(layout);
  const t = menuMessages.useT();
  const bar = (
    <Group h={compact ? undefined : "100%"} px="sm" gap="xs" wrap="nowrap" justify="space-between">
      <Group gap="xs" wrap="nowrap">
        <Burger
          opened={!collapsed}
          onClick={toggleCollapsed}
          size="sm"
          aria-label={t("menu.toggle")}
          data-testid="menu-toggle"
        />
        <Link href="/dashboard" data-testid="logo">
          <strong style={{ whiteSpace: "nowrap" }}>{mobile ? "GB" : "Gate Bot"}</strong>
        </Link>
        {compact && <LivePrice />}
      </Group>
      {!compact && <TradingBar />}
      {!compact && <CallControls />}
      <Group gap="xs" wrap="nowrap" justify="flex-end" style={{ flex: 1 }}>
        {!mobile && <BotSelector />}
        {!mobile && <LanguageSelect />}
        <ShiftEndButton compact={mobile} />
        <AvatarMenu />
        <RealtimeLink />
        <CallAlerts />
      </Group>
    </Group>
  );
  if (!compact) return bar;
  // The trading and call controls wrap into more rows; the header grows to fit them. A phone
  // keeps three rows at most (110 px): the bot selector joins the call controls, both Lead+.
  const gap = mobile ? 4 : 6;
  return (
    <Stack py={gap} gap={gap}>
      {bar}
      <Group px="sm" gap={gap} wrap="wrap" justify="center">
        <TradingBar compact dense={mobile} />
        <CallControls dense={mobile} />
        {mobile && <BotSelector />}
      </Group>
    </Stack>
  );
}
