// The columns of a transaction list; Admin and above get a selection box and the actions of
// docs/trading.md#transaction-actions on every row. Related fields share a column, one under the
// other, and long cells break where a reader would: the list of a SuperAdmin fits a 1440 px desk
// (1,100 px in its 1,168 px card) instead of scrolling sideways past 1,560.
import { Badge, Checkbox, Group, Stack, Text } from "@mantine/core";
import { lazy, Suspense } from "react";
import type { Snapshot } from "valtio";
import { findPair } from "../../../server/exchanges/pairs.shared.ts";
import type { Column } from "../ui/paged-table.tsx";
import { Lines } from "../ui/lines.tsx";
import { IfClosedText } from "./if-closed-text.tsx";
import { isValuedOpen } from "../../../server/transactions/open-trade.shared.ts";
import type { TransactionView } from "./api.ts";
import { formatDateTime, formatNumber, formatPrice, formatQuantity, signColor } from "./format.ts";
import { OrderState } from "./order-state.tsx";
import { RowActions } from "./row-actions.tsx";
import type { commonMessages } from "../i18n/common-messages.ts";
import type { KeyOf, Translator } from "../i18n/index.ts";
import type { transactionsMessages } from "./messages.ts";

// The live figure's code comes after the first paint (if-closed-now.tsx says why).
const IfClosedNow = lazy(() => import("./if-closed-now.tsx"));

const STATUS_COLOR = { BUY: "teal", SELL: "red", DONE: "gray" } as const;

type Row = Snapshot<TransactionView>;
type T = Translator<KeyOf<typeof commonMessages> | KeyOf<typeof transactionsMessages>>;

/** The date over the time (each language writes the time last, after a space). */
function dateTimeCell(iso: string) {
  const text = formatDateTime(iso);
  const cut = text.lastIndexOf(" ");
  return <Lines top={text.slice(0, cut)} bottom={text.slice(cut + 1)} />;
}

/** What an order filled: quantity, at its average price, and its fee; a dash without a fill. */
function fillCell(
  t: T,
  pair: string,
  quantity: string | null,
  price: string | null,
  fee: string | null,
  asset: string | null,
) {
  if (quantity === null || price === null) return <Text c="dimmed">-</Text>;
  // Each line whole: a narrower screen scrolls the table a little rather than break "at" from its
  // price.
  return (
    <Stack gap={0} style={{ whiteSpace: "nowrap" }}>
      <Text size="sm">{formatQuantity(quantity)}</Text>
      <Text size="sm">{t("transactions.atPrice", { price: formatPrice(price, pair) })}</Text>
      {fee !== null && asset !== null && (
        <Text size="xs" c="dimmed">
          {t("transactions.fee", { fee: formatQuantity(fee), asset })}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The result the fills made (realizedPnl), or for an open trade what it would make if closed now;
 * a row closed by hand or a missed call has none.
 */
function resultCell(t: T, tx: Row) {
  if (tx.kind === "missed_call") return <Text c="dimmed">-</Text>;
  if (tx.realizedPnl !== null && tx.priceSource !== "hand_closed") {
    return (
      <Text size="sm" c={signColor(tx.realizedPnl)} data-testid="transaction-result">
        {formatNumber(tx.realizedPnl)}
      </Text>
    );
  }
  if (tx.status === "DONE") {
    return (
      <Text size="xs" c="dimmed">
        {tx.priceSource === "hand_closed" ? t("transactions.handClosed") : "-"}
      </Text>
    );
  }
  // Only a row with a result to follow listens to the prices: a tick re-renders nothing else.
  if (!isValuedOpen(tx)) return <Text c="dimmed">-</Text>;
  const label = t("transactions.ifClosedNow");
  return (
    <Suspense fallback={<IfClosedText value={tx.unrealizedPnl} label={label} />}>
      <IfClosedNow tx={tx} label={label} />
    </Suspense>
  );
}

export function transactionColumns({ t, withActions, selected, onSelect, onDelete }: {
  t: T;
  withActions: boolean;
  selected: readonly number[];
  onSelect: (id: number, checked: boolean) => void;
  onDelete: (tx: TransactionView) => void;
}): (Column<Row> | false)[] {
  return [
    withActions && {
      key: "select",
      header: null,
      cell: (tx) => (
        <Checkbox
          size="xs"
          aria-label={t("transactions.select", { id: tx.id })}
          checked={selected.includes(tx.id)}
          disabled={tx.status === "DONE"}
          onChange={(e) => onSelect(tx.id, e.currentTarget.checked)}
        />
      ),
    },
    { key: "id", header: t("transactions.id"), cell: (tx) => tx.id },
    { key: "username", header: t("transactions.username"), cell: (tx) => tx.username },
    {
      key: "pair",
      header: <Lines top={t("transactions.pair")} bottom={t("transactions.exchange")} />,
      cell: (tx) => (
        <Lines
          top={findPair(tx.pair)?.label ?? tx.pair}
          bottom={t(`transactions.exchangeName.${tx.exchange}`)}
          dim
        />
      ),
    },
    {
      key: "status",
      header: t("transactions.statusColumn"),
      cell: (tx) => (
        <Group gap={4} wrap="nowrap">
          <Badge
            color={STATUS_COLOR[tx.status]}
            variant="light"
            miw={64}
            data-testid="transaction-status"
          >
            {t(`transactions.status.${tx.status}`)}
          </Badge>
          {tx.orderState && <OrderState tx={tx as TransactionView} state={tx.orderState} />}
          {tx.kind === "missed_call" && (
            <Badge color="gray" variant="outline" data-testid="transaction-kind">
              {t("transactions.kind.missed_call")}
            </Badge>
          )}
        </Group>
      ),
    },
    {
      key: "prices",
      header: <Lines top={t("transactions.buyPrice")} bottom={t("transactions.sellPrice")} />,
      cell: (tx) => (
        <Lines
          top={formatPrice(tx.buyPrice, tx.pair)}
          bottom={formatPrice(tx.sellPrice, tx.pair)}
        />
      ),
    },
    {
      key: "size",
      header: <Lines top={t("transactions.amount")} bottom={t("transactions.quantity")} />,
      cell: (tx) => <Lines top={formatNumber(tx.amount)} bottom={formatQuantity(tx.quantity)} />,
    },
    {
      key: "fill",
      header: t("transactions.fill"),
      cell: (tx) => fillCell(t, tx.pair, tx.filledQuantity, tx.avgPrice, tx.fee, tx.feeAsset),
    },
    {
      key: "close",
      header: t("transactions.close"),
      cell: (tx) =>
        fillCell(t, tx.pair, tx.closeQuantity, tx.filledPrice, tx.closeFee, tx.closeFeeAsset),
    },
    { key: "result", header: t("transactions.result"), cell: (tx) => resultCell(t, tx) },
    {
      key: "createdAt",
      header: t("transactions.createdAt"),
      cell: (tx) => dateTimeCell(tx.createdAt),
    },
    withActions && {
      key: "actions",
      header: t("transactions.actions"),
      cell: (tx) => <RowActions tx={tx as TransactionView} onDelete={onDelete} />,
    },
  ];
}
