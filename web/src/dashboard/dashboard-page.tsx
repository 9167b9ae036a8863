// /dashboard: the trading desk. The topbar holds the price, BUY/SELL and the call notice; the page
// shows why a button is refused, then the chart and the open positions beside today, the balances
// and the closed trades, on one screen at 1440 px; a phone takes them in the order a trader needs them
// (positions and trades first, the chart as a sparkline). The transaction lists stay below. The
// call figures come last in their column: they show only for someone a call concerned, so they
// appear once known, and would push down what is below them.
import { Stack, Title } from "@mantine/core";
import { useEffect } from "react";
import { TransactionsPanel } from "../transactions/transactions-panel.tsx";
import { BalancesPanel } from "../desk/balances-panel.tsx";
import { ChartPanel } from "../desk/chart-panel.tsx";
import { ClosedPanel } from "../desk/closed-panel.tsx";
import { runDeskClock } from "../desk/clock.ts";
import { PositionsPanel } from "../desk/positions-panel.tsx";
import { showDesk } from "../desk/store.ts";
import { TodayPanel } from "../desk/today-panel.tsx";
import { TradeBlockNote } from "../desk/trade-block-note.tsx";
import { usePhone } from "../ui/use-phone.ts";
import { combineMessages } from "../i18n/index.ts";
import { menuMessages } from "../i18n/menu-messages.ts";
import { MyCallFigures } from "../call-history/my-call-figures.tsx";
import { deskMessages } from "../desk/messages.ts";

const messages = combineMessages(menuMessages, deskMessages);

// Two columns on a wide screen: what moves (the chart, the positions) on the left; today, the
// balances and the closed trades beside it.
const GRID = `
.gb-desk { display: grid; gap: var(--mantine-spacing-sm); grid-template-columns: minmax(0, 1fr); }
@media (min-width: 62em) {
  .gb-desk { grid-template-columns: minmax(0, 2fr) minmax(0, 1fr); align-items: start; }
}`;

export default function DashboardPage() {
  const t = messages.useT();
  const phone = usePhone();
  useEffect(showDesk, []);
  useEffect(runDeskClock, []);
  return (
    <Stack gap="sm">
      <Title order={1} size="h3" data-testid="dashboard-title">{t("menu.dashboard")}</Title>
      <TradeBlockNote />
      {phone
        ? (
          <Stack gap="xs">
            <PositionsPanel />
            <ClosedPanel />
            <ChartPanel />
            <TodayPanel />
            <BalancesPanel />
            <MyCallFigures />
          </Stack>
        )
        : (
          <div className="gb-desk">
            <style href="gb-desk" precedence="default">{GRID}</style>
            <Stack gap="sm">
              <ChartPanel />
              <PositionsPanel />
            </Stack>
            <Stack gap="sm">
              <TodayPanel />
              <BalancesPanel />
              <ClosedPanel />
              <MyCallFigures />
            </Stack>
          </div>
        )}
      <Title order={2} size="h4" mt="sm">{t("desk.transactions")}</Title>
      <TransactionsPanel />
    </Stack>
  );
}
