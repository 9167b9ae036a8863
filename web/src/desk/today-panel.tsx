// Today at a glance, counted from the reader's local midnight: realized result, trades, win rate
// and missed calls; Admins see the desk's line too.
import { Stack, Text } from "@mantine/core";
import { useSnapshot } from "valtio";
import { can } from "../../../server/auth/roles.shared.ts";
import type { Today } from "../../../server/desk/schema.shared.ts";
import { session } from "../session/store.ts";
import { formatNumber } from "../transactions/format.ts";
import { resultColor, signed } from "./format.ts";
import { deskMessages } from "./messages.ts";
import { NUMERIC, Panel } from "./panel.tsx";
import { desk } from "./store.ts";

type T = ReturnType<typeof deskMessages.useT>;

const FIGURES = {
  display: "grid",
  gridTemplateColumns: "repeat(4, minmax(0, 1fr))",
  gap: "var(--mantine-spacing-xs)",
} as const;

export function TodayPanel() {
  const t = deskMessages.useT();
  const { today } = useSnapshot(desk);
  const { user } = useSnapshot(session);
  const data = today.data;
  // Until the answer comes, its lines with their labels and no figures: the panel is as tall as
  // it will be (a "Loading" line of a guessed height was not, once labels wrapped on a phone).
  const withDesk = data ? !!data.desk : !!user && can(user.role, "profits.view");
  return (
    <Panel title={t("desk.today")} testId="dashboard-today" error={today.error}>
      <Stack gap="xs" aria-busy={!data}>
        <Line who={withDesk ? t("desk.me") : null} today={data?.me} t={t} testId="today-me" />
        {withDesk && <Line who={t("desk.desk")} today={data?.desk} t={t} testId="today-desk" />}
      </Stack>
    </Panel>
  );
}

function Line(
  { who, today, t, testId }: {
    who: string | null;
    /** Not yet known: the labels show, the figures are dashes. */
    today: Today | null | undefined;
    t: T;
    testId: string;
  },
) {
  // Not yet known: dashes.
  const shown = (value: (d: Today) => string) => today ? value(today) : PENDING;
  const figures = [
    {
      label: t("desk.realized"),
      value: shown((d) => signed(Number(d.realizedPnl))),
      color: today ? resultColor(Number(today.realizedPnl)) : "dimmed",
      id: "today-realized",
    },
    { label: t("desk.trades"), value: shown((d) => String(d.trades)), id: "today-trades" },
    {
      label: t("desk.winRate"),
      value: shown((d) =>
        d.winRate === null ? "—" : `${formatNumber(Number(d.winRate) * 100, 0)}%`
      ),
      id: "today-win-rate",
    },
    {
      label: t("desk.missedCalls"),
      value: shown((d) => String(d.missedCalls)),
      id: "today-missed",
    },
  ];
  return (
    <div data-testid={today ? testId : undefined}>
      {who && <Text size="xs" fw={600} c="dimmed">{who}</Text>}
      <div style={FIGURES}>
        {figures.map((f) => (
          <div key={f.id}>
            <Text size="xs" c="dimmed" lh={1.2}>{f.label}</Text>
            <Text
              fw={700}
              c={f.color}
              style={NUMERIC}
              data-testid={today ? f.id : undefined}
            >
              {f.value}
            </Text>
          </div>
        ))}
      </div>
    </div>
  );
}

const PENDING = "…";
