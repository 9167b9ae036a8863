// The user's closed trades (docs/screens.md#desk): entry and exit fills, fees, realized result and
// duration, as compact rows (the panel sits in the desk's narrow column); a trade the books leave
// out says why. Missed calls are listed apart: never a result.
import { Badge, Group, Stack, Text } from "@mantine/core";
import { useSnapshot } from "valtio";
import type { ClosedTrade, MissedCall } from "../../../server/desk/schema.shared.ts";
import { formatNumber, formatPrice } from "../transactions/format.ts";
import { usePhone } from "../ui/use-phone.ts";
import { duration, percent, resultColor, shortTime, signed } from "./format.ts";
import { deskMessages } from "./messages.ts";
import { CARD, NUMERIC, Panel, ScrollList } from "./panel.tsx";
import { pairLabel, SideBadge } from "./positions-panel.tsx";
import { desk } from "./store.ts";

type T = ReturnType<typeof deskMessages.useT>;

export function ClosedPanel() {
  const t = deskMessages.useT();
  const { closed } = useSnapshot(desk);
  const phone = usePhone();
  const items = closed.data?.items ?? [];
  const missed = closed.data?.missed ?? [];
  return (
    <Panel
      title={t("desk.closed")}
      testId="dashboard-closed"
      error={closed.error}
      loading={closed.data ? undefined : 0}
    >
      {closed.data && !items.length && (
        <Text size="sm" c="dimmed" data-testid="closed-empty">{t("desk.noClosed")}</Text>
      )}
      {items.length > 0 && (
        <ScrollList label={t("desk.closed")} maxHeight={phone ? undefined : 320}>
          {items.map((c) => <ClosedCard key={c.id} c={c} t={t} />)}
        </ScrollList>
      )}
      {missed.length > 0 && <Missed missed={missed} t={t} />}
    </Panel>
  );
}

function ClosedCard({ c, t }: { c: ClosedTrade; t: T }) {
  return (
    <li data-testid={`closed-${c.id}`} style={CARD}>
      <Group justify="space-between" gap={6} wrap="nowrap">
        <Group gap={6} wrap="nowrap">
          <Text fw={700} size="sm">{pairLabel(c.pair)}</Text>
          <SideBadge side={c.side} />
        </Group>
        <Text size="sm" style={NUMERIC}>
          <Realized c={c} t={t} />
        </Text>
      </Group>
      <Text size="xs" c="dimmed" style={NUMERIC}>
        <span data-testid="closed-entry">{formatPrice(c.entryPrice, c.pair)}</span> →{" "}
        <span data-testid="closed-exit">
          {c.exitPrice === null ? "—" : formatPrice(c.exitPrice, c.pair)}
        </span>
        {c.fees !== null && ` · ${t("desk.fees")} ${formatNumber(c.fees, 4)}`}
        {` · ${duration(t, c.durationMs)}`}
      </Text>
    </li>
  );
}

function Realized({ c, t }: { c: ClosedTrade; t: T }) {
  const pnl = c.realizedPnl === null ? null : Number(c.realizedPnl);
  return (
    <span data-testid="closed-result">
      {pnl === null ? "—" : (
        <Text span inherit c={resultColor(c.counted ? pnl : null)}>
          {signed(pnl)}
          {c.realizedPct !== null && ` (${percent(Number(c.realizedPct))})`}
        </Text>
      )}
      {!c.counted && (
        <Badge ml={4} size="xs" variant="outline" color="dark">
          {t("desk.notCounted")}
          {c.reason && `: ${t(`desk.reason.${c.reason}`)}`}
        </Badge>
      )}
    </span>
  );
}

function Missed({ missed, t }: { missed: readonly MissedCall[]; t: T }) {
  return (
    <Stack gap={4} mt="sm" data-testid="closed-missed">
      <Text size="sm" fw={600}>{t("desk.missed")} ({missed.length})</Text>
      {missed.map((m) => (
        <Group key={m.id} gap={6} wrap="nowrap">
          <Text size="xs" c="dimmed" style={NUMERIC}>{shortTime(m.at)}</Text>
          <Text size="xs">{pairLabel(m.pair)}</Text>
          <SideBadge side={m.side} />
          {m.wouldHave !== null && (
            <Text size="xs" c="dimmed" style={NUMERIC}>
              {t("desk.wouldHave")} {signed(Number(m.wouldHave))}
            </Text>
          )}
        </Group>
      ))}
    </Stack>
  );
}
