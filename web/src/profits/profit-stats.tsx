// The period's figures over the pictures: realized result, counted trades, win rate, average per
// trade, fees paid, best and worst trade (GET /profits/series totals, the table's counting rule).
import { Paper, SimpleGrid, Text } from "@mantine/core";
import type { Snapshot } from "valtio";
import type { ProfitSeries } from "../../../server/calls/board.shared.ts";
import { formatMoney, formatShare, formatSigned, resultColor } from "../calls/board-format.ts";
import { profitsMessages } from "./messages.ts";

export function ProfitStats({ totals }: { totals: Snapshot<ProfitSeries["totals"]> }) {
  const t = profitsMessages.useT();
  const signed = (value: string | null) => (value === null ? "" : formatSigned(value));
  const stats = [
    {
      key: "realized",
      label: t("profits.stats.realized"),
      value: formatSigned(totals.realizedPnl),
      color: resultColor(totals.realizedPnl),
    },
    { key: "trades", label: t("profits.stats.trades"), value: String(totals.trades) },
    {
      key: "win-rate",
      label: t("profits.stats.winRate"),
      value: totals.winRate === null ? "" : formatShare(totals.winRate),
    },
    { key: "avg", label: t("profits.stats.avg"), value: signed(totals.avgPerTrade) },
    { key: "fees", label: t("profits.stats.fees"), value: formatMoney(totals.fees) },
    {
      key: "best",
      label: t("profits.stats.best"),
      value: signed(totals.best),
      color: totals.best === null ? undefined : resultColor(totals.best),
    },
    {
      key: "worst",
      label: t("profits.stats.worst"),
      value: signed(totals.worst),
      color: totals.worst === null ? undefined : resultColor(totals.worst),
    },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }} spacing="xs" data-testid="profits-stats">
      {stats.map((s) => (
        <Paper withBorder p="xs" key={s.key}>
          <Text size="xs" c="dimmed">{s.label}</Text>
          <Text fw={700} c={s.color} data-testid={`profits-stat-${s.key}`}>{s.value}</Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
