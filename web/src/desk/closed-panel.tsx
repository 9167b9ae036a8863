// The user's closed trades (docs/screens.md#desk): entry and exit fills, fees, realized result and
// duration; a trade the books leave out says why. Missed calls are listed apart: never a result.
import { Badge, Group, Stack, Table, Text } from "@mantine/core";
import { useSnapshot } from "valtio";
import type { ClosedTrade, MissedCall } from "../../../server/desk/schema.shared.ts";
import { formatNumber, formatPrice } from "../transactions/format.ts";
import { usePhone } from "../ui/use-phone.ts";
import { duration, percent, resultColor, shortTime, signed } from "./format.ts";
import { deskMessages } from "./messages.ts";
import { CARD, NUMERIC, Panel } from "./panel.tsx";
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
    <Panel title={t("desk.closed")} testId="dashboard-closed" error={closed.error}>
      {closed.data && !items.length && (
        <Text size="sm" c="dimmed" data-testid="closed-empty">{t("desk.noClosed")}</Text>
      )}
      {items.length > 0 && (phone
        ? (
          <Stack component="ul" gap={6} p={0} m={0} style={{ listStyle: "none" }}>
            {items.map((c) => <ClosedCard key={c.id} c={c} t={t} />)}
          </Stack>
        )
        : (
          <Table.ScrollContainer minWidth={560} maxHeight={300}>
            <Table striped stickyHeader fz="sm" verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("desk.pair")}</Table.Th>
                  <Table.Th ta="right">{t("desk.entry")}</Table.Th>
                  <Table.Th ta="right">{t("desk.exit")}</Table.Th>
                  <Table.Th ta="right">{t("desk.fees")}</Table.Th>
                  <Table.Th ta="right">{t("desk.result")}</Table.Th>
                  <Table.Th>{t("desk.duration")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((c) => (
                  <Table.Tr key={c.id} data-testid={`closed-${c.id}`}>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        {pairLabel(c.pair)} <SideBadge side={c.side} />
                      </Group>
                    </Table.Td>
                    <Table.Td ta="right" style={NUMERIC} data-testid="closed-entry">
                      {formatPrice(c.entryPrice, c.pair)}
                    </Table.Td>
                    <Table.Td ta="right" style={NUMERIC} data-testid="closed-exit">
                      {c.exitPrice === null ? "—" : formatPrice(c.exitPrice, c.pair)}
                    </Table.Td>
                    <Table.Td ta="right" style={NUMERIC}>
                      {c.fees === null ? "—" : formatNumber(c.fees, 4)}
                    </Table.Td>
                    <Table.Td ta="right" style={NUMERIC}>
                      <Realized c={c} t={t} />
                    </Table.Td>
                    <Table.Td style={NUMERIC}>{duration(t, c.durationMs)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ))}
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
        <Badge ml={4} size="xs" variant="outline" color="gray">
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
