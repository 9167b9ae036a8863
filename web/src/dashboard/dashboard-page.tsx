// /dashboard: the trading screen. The topbar holds the price and BUY/SELL; the page lists the
// transactions.
import { Stack, Title } from "@mantine/core";
import { TransactionsPanel } from "../transactions/transactions-panel.tsx";
import { menuMessages } from "../i18n/menu-messages.ts";
import { MyCallFigures } from "../call-history/my-call-figures.tsx";

export default function DashboardPage() {
  const t = menuMessages.useT();
  return (
    <Stack>
      <Title order={1} size="h3" data-testid="dashboard-title">{t("menu.dashboard")}</Title>
      <MyCallFigures />
      <TransactionsPanel />
    </Stack>
  );
}
