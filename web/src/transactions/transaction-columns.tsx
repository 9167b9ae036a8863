// The columns of a transaction list; Admin and above get a selection box and the actions of
// docs/trading.md#transaction-actions on every row.
import { Badge, Checkbox, Group } from "@mantine/core";
import type { Snapshot } from "valtio";
import { findPair } from "../../../server/exchanges/pairs.shared.ts";
import type { Column } from "../ui/paged-table.tsx";
import type { TransactionView } from "./api.ts";
import { formatDateTime, formatNumber, formatPrice, formatQuantity } from "./format.ts";
import { OrderState } from "./order-state.tsx";
import { RowActions } from "./row-actions.tsx";
import type { commonMessages } from "../i18n/common-messages.ts";
import type { KeyOf, Translator } from "../i18n/index.ts";
import type { transactionsMessages } from "./messages.ts";

const STATUS_COLOR = { BUY: "teal", SELL: "red", DONE: "gray" } as const;

type Row = Snapshot<TransactionView>;

export function transactionColumns({ t, withActions, selected, onSelect, onDelete }: {
  t: Translator<KeyOf<typeof commonMessages> | KeyOf<typeof transactionsMessages>>;
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
      header: t("transactions.pair"),
      cell: (tx) => findPair(tx.pair)?.label ?? tx.pair,
    },
    {
      key: "exchange",
      header: t("transactions.exchange"),
      cell: (tx) => t(`transactions.exchangeName.${tx.exchange}`),
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
      key: "buyPrice",
      header: t("transactions.buyPrice"),
      cell: (tx) => formatPrice(tx.buyPrice, tx.pair),
    },
    {
      key: "sellPrice",
      header: t("transactions.sellPrice"),
      cell: (tx) => formatPrice(tx.sellPrice, tx.pair),
    },
    { key: "amount", header: t("transactions.amount"), cell: (tx) => formatNumber(tx.amount) },
    {
      key: "quantity",
      header: t("transactions.quantity"),
      cell: (tx) => formatQuantity(tx.quantity),
    },
    {
      key: "createdAt",
      header: t("transactions.createdAt"),
      cell: (tx) => formatDateTime(tx.createdAt),
      nowrap: true,
    },
    withActions && {
      key: "actions",
      header: t("transactions.actions"),
      cell: (tx) => <RowActions tx={tx as TransactionView} onDelete={onDelete} />,
    },
  ];
}
