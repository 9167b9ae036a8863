// Today at a glance, counted from the reader's local midnight: realized result, trades, win rate
// and missed calls; Admins see the desk's line too.
import { Stack, Text } from "@mantine/core";
import { useSnapshot } from "valtio";
import type { Today } from "../../../server/desk/schema.shared.ts";
import { formatNumber } from "../transactions/format.ts";
import { resultColor, signed } from "./format.ts";
import { deskMessages } from "./messages.ts";
import { NUMERIC, Panel } from "./panel.tsx";
import { desk } from "./store.ts";

// Loading: as tall as a line of figures under their labels.
const ONE_LINE = 40;

type T = ReturnType<typeof deskMessages.useT>;

const FIGURES = {
  display: "grid",
  gridTemplateColumns: "repeat(4, minmax(0, 1fr))",
  gap: "var(--mantine-spacing-xs)",
} as const;

export function TodayPanel() {
  const t = deskMessages.useT();
  const { today } = useSnapshot(desk);
  const data = today.data;
  return (
    <Panel
      title={t("desk.today")}
      testId="dashboard-today"
      error={today.error}
      loading={data ? undefined : ONE_LINE}
    >
      {data && (
        <Stack gap="xs">
          <Line who={data.desk ? t("desk.me") : null} today={data.me} t={t} testId="today-me" />
          {data.desk && <Line who={t("desk.desk")} today={data.desk} t={t} testId="today-desk" />}
        </Stack>
      )}
    </Panel>
  );
}

function Line(
  { who, today, t, testId }: { who: string | null; today: Today; t: T; testId: string },
) {
  const pnl = Number(today.realizedPnl);
  const figures = [
    {
      label: t("desk.realized"),
      value: signed(pnl),
      color: resultColor(pnl),
      id: "today-realized",
    },
    { label: t("desk.trades"), value: String(today.trades), id: "today-trades" },
    {
      label: t("desk.winRate"),
      value: today.winRate === null ? "—" : `${formatNumber(Number(today.winRate) * 100, 0)}%`,
      id: "today-win-rate",
    },
    { label: t("desk.missedCalls"), value: String(today.missedCalls), id: "today-missed" },
  ];
  return (
    <div data-testid={testId}>
      {who && <Text size="xs" fw={600} c="dimmed">{who}</Text>}
      <div style={FIGURES}>
        {figures.map((f) => (
          <div key={f.id}>
            <Text size="xs" c="dimmed" lh={1.2}>{f.label}</Text>
            <Text fw={700} c={f.color} style={NUMERIC} data-testid={f.id}>{f.value}</Text>
          </div>
        ))}
      </div>
    </div>
  );
}
