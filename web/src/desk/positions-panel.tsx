// The user's open positions (docs/screens.md#desk): opening fill, the live price and result, the
// target, the time held, and Close now. A price tick re-renders the price and result cells of the
// rows on that pair only: each reads its own pair's price from the market store.
import { Badge, Button, Group, Table, Text } from "@mantine/core";
import { lazy, memo, Suspense, useState } from "react";
import { useSnapshot } from "valtio";
import type { Position } from "../../../server/desk/schema.shared.ts";
import { exchangeTitle, findPair } from "../../../server/exchanges/pairs.shared.ts";
import { market } from "../market/store.ts";
import { formatPrice, formatQuantity } from "../transactions/format.ts";
import { usePhone } from "../ui/use-phone.ts";
import { combineMessages } from "../i18n/index.ts";
import { commonMessages } from "../i18n/common-messages.ts";
import { closePosition } from "./api.ts";
import { deskClock } from "./clock.ts";
import { duration, percent, resultColor, signed } from "./format.ts";
import { liveResult } from "./live.ts";
import { deskMessages } from "./messages.ts";
import { CARD, NUMERIC, Panel, ScrollList, ScrollTable } from "./panel.tsx";
import { Pieces } from "../ui/lines.tsx";
import { WHOLE_BADGE } from "../ui/whole-badge.ts";
import { desk, reloadDesk } from "./store.ts";
import { reloadTransactions } from "../transactions/store.ts";

const messages = combineMessages(commonMessages, deskMessages);
type T = ReturnType<typeof messages.useT>;

// Asked only when closing: its code (and Modal's) loads then.
const ConfirmModal = lazy(() =>
  import("../ui/confirm-modal.tsx").then((m) => ({ default: m.ConfirmModal }))
);

// Cells 6 px apart, not Mantine's 10: a position opened near the price with its target beside it
// ran Close now under the panel's edge at 1440 px.
const CELL_GAP = 6;
/** NUMERIC that may break between the result and its percentage (each piece stays whole). */
const BREAKABLE = { fontVariantNumeric: "tabular-nums" } as const;

export const pairLabel = (pair: string) => findPair(pair)?.label ?? pair.toUpperCase();

export function PositionsPanel() {
  const t = messages.useT();
  const { positions } = useSnapshot(desk);
  const phone = usePhone();
  const [closing, setClosing] = useState<Position | null>(null);
  const items = positions.data?.items ?? [];
  return (
    <Panel
      title={t("desk.positions")}
      testId="dashboard-positions"
      error={positions.error}
      loading={positions.data ? undefined : 0}
    >
      {positions.data && !items.length && (
        <Text size="sm" c="dimmed" data-testid="positions-empty">{t("desk.noPositions")}</Text>
      )}
      {items.length > 0 && (phone
        ? (
          <ScrollList label={t("desk.positions")}>
            {items.map((p) => <PositionCard key={p.id} p={p} onClose={setClosing} />)}
          </ScrollList>
        )
        : (
          <ScrollTable label={t("desk.positions")} minWidth={560} maxHeight={340}>
            <Table striped stickyHeader fz="sm" verticalSpacing={4} horizontalSpacing={CELL_GAP}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <Pieces first={t("desk.pair")} second={t("desk.side")} />
                  </Table.Th>
                  <Table.Th ta="right">{t("desk.openFill")}</Table.Th>
                  <Table.Th ta="right">{t("desk.current")}</Table.Th>
                  <Table.Th ta="right">{t("desk.result")}</Table.Th>
                  <Table.Th ta="right">{t("desk.target")}</Table.Th>
                  <Table.Th>{t("desk.held")}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((p) => <PositionRow key={p.id} p={p} onClose={setClosing} />)}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        ))}
      {closing && (
        <Suspense fallback={null}>
          <CloseConfirm
            p={closing}
            t={t}
            onClose={() => setClosing(null)}
          />
        </Suspense>
      )}
    </Panel>
  );
}

interface RowProps {
  p: Position;
  onClose: (p: Position) => void;
}

const PositionRow = memo(function PositionRow({ p, onClose }: RowProps) {
  const t = messages.useT();
  return (
    <Table.Tr data-testid={`position-${p.id}`}>
      <Table.Td>
        <Pieces first={pairLabel(p.pair)} second={<SideBadge side={p.side} />} />
      </Table.Td>
      <Table.Td ta="right" style={NUMERIC}>{formatPrice(p.openPrice, p.pair)}</Table.Td>
      <Table.Td ta="right" style={NUMERIC}>
        <LivePrice p={p} />
      </Table.Td>
      <Table.Td ta="right" style={BREAKABLE}>
        <LiveResult p={p} breakable />
      </Table.Td>
      <Table.Td ta="right" style={NUMERIC}>
        {p.target === null ? "—" : formatPrice(p.target, p.pair)}
      </Table.Td>
      <Table.Td style={{ whiteSpace: "nowrap" }}>
        <Held since={p.openedAt} />
      </Table.Td>
      <Table.Td>
        <CloseButton p={p} onClose={onClose} t={t} />
      </Table.Td>
    </Table.Tr>
  );
});

/** A phone's row: two lines, pair and result first. */
const PositionCard = memo(function PositionCard({ p, onClose }: RowProps) {
  const t = messages.useT();
  return (
    <li data-testid={`position-${p.id}`} style={CARD}>
      <Group justify="space-between" gap={6} wrap="nowrap">
        <Group gap={6} wrap="nowrap">
          <Text fw={700} size="sm">{pairLabel(p.pair)}</Text>
          <SideBadge side={p.side} />
        </Group>
        <Text size="sm" style={NUMERIC}>
          <LiveResult p={p} />
        </Text>
      </Group>
      <Group justify="space-between" gap={6} wrap="nowrap">
        <Text size="xs" c="dimmed" style={{ ...NUMERIC, whiteSpace: "normal", minWidth: 0 }}>
          {formatPrice(p.openPrice, p.pair)} → <LivePrice p={p} />
          {p.target !== null && ` · ${t("desk.target")} ${formatPrice(p.target, p.pair)}`}
          {" · "}
          <Held since={p.openedAt} />
        </Text>
        <CloseButton p={p} onClose={onClose} t={t} />
      </Group>
    </li>
  );
});

export function SideBadge({ side }: { side: "BUY" | "SELL" }) {
  const t = deskMessages.useT();
  return (
    <Badge size="sm" variant="light" color={side === "BUY" ? "teal" : "red"} style={WHOLE_BADGE}>
      {t(`desk.side.${side}`)}
    </Badge>
  );
}

/** The price this position is valued at: the pushed one on the selected exchange. */
function useLive(p: Position) {
  const { exchange, prices } = useSnapshot(market);
  return liveResult(p, exchange === p.exchange ? prices[p.pair] : undefined);
}

function LivePrice({ p }: { p: Position }) {
  const live = useLive(p);
  return <span data-testid="position-price">{live ? formatPrice(live.price, p.pair) : "—"}</span>;
}

/** `breakable`: in a table, the percentage goes under the result when the column narrows. */
function LiveResult({ p, breakable }: { p: Position; breakable?: boolean }) {
  const live = useLive(p);
  if (!live) return <span data-testid="position-result">—</span>;
  const pct = `(${percent(live.pct)})`;
  return (
    <Text span inherit c={resultColor(live.pnl)} data-testid="position-result">
      {breakable ? <Pieces first={signed(live.pnl)} second={pct} /> : `${signed(live.pnl)} ${pct}`}
    </Text>
  );
}

function Held({ since }: { since: number }) {
  const t = deskMessages.useT();
  const { now } = useSnapshot(deskClock);
  return <span data-testid="position-held">{duration(t, now - since)}</span>;
}

function CloseButton({ p, onClose, t }: RowProps & { t: T }) {
  return (
    <Button
      size="compact-xs"
      variant="light"
      color="orange"
      disabled={p.orderState === "pending"}
      onClick={() => onClose(p)}
      // A phone's card line wraps its text instead of squeezing the button to nothing.
      style={{ flexShrink: 0 }}
      data-testid="close-now"
    >
      {t("desk.closeNow")}
    </Button>
  );
}

function CloseConfirm({ p, t, onClose }: { p: Position; t: T; onClose: () => void }) {
  const params = {
    quantity: formatQuantity(p.closeQuantity),
    pair: pairLabel(p.pair),
    exchange: exchangeTitle(p.exchange),
  };
  return (
    <ConfirmModal
      title={t("desk.closeTitle", { id: p.id })}
      message={t(p.side === "BUY" ? "desk.closeMessage" : "desk.closeMessageSell", params)}
      confirmLabel={t("desk.closeNow")}
      color="red"
      testId="close-confirm"
      failed={t("desk.closeFailed")}
      onClose={onClose}
      action={async () => {
        const answer = await closePosition(p.id);
        // Now, not after the socket's debounced reload: the list below showed the closed position
        // open (no close fill, "if closed now") for up to a second beside the closed trade.
        void reloadDesk();
        void reloadTransactions();
        return "pending" in answer
          ? t("desk.closePending", { id: p.id })
          : t("desk.closedDone", { id: p.id });
      }}
    />
  );
}
