// The columns of a transaction list; Admin and above get a selection box and the actions of
// docs/trading.md#transaction-actions on every row.
import { ActionIcon, Badge, Checkbox, Group, Menu, Tooltip } from "@mantine/core";
import type { Snapshot } from "valtio";
import { TRANSACTION_STATUSES } from "../../../server/db/enums.shared.ts";
import { findPair } from "../../../server/exchanges/pairs.shared.ts";
import { openOrderId } from "../../../server/transactions/order-ids.shared.ts";
import type { Column } from "../ui/paged-table.tsx";
import type { TransactionView } from "./api.ts";
import { moveBuyToSell, setListedStatus } from "./actions.ts";
import { formatDateTime, formatNumber, formatPrice, formatQuantity } from "./format.ts";
import type { commonMessages } from "../app/common-messages.ts";
import type { KeyOf, Translator } from "../i18n/index.ts";
import type { transactionsMessages } from "./messages.ts";

const STATUS_COLOR = { BUY: "teal", SELL: "red", DONE: "gray" } as const;
/** An opening order not confirmed as a fill (server/transactions/resolver.ts). */
const ORDER_STATE_COLOR = { pending: "yellow", refused: "red", unknown: "orange" } as const;

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
          {tx.orderState && (
            <Tooltip
              label={t(`transactions.orderNote.${tx.orderState}`, {
                exchange: t(`transactions.exchangeName.${tx.exchange}`),
                clientOrderId: openOrderId(tx.id),
              })}
              multiline
              w={280}
            >
              <Badge
                color={ORDER_STATE_COLOR[tx.orderState]}
                variant="outline"
                data-testid="transaction-order-state"
              >
                {t(`transactions.order.${tx.orderState}`)}
              </Badge>
            </Tooltip>
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
      cell: (tx) => (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              aria-label={t("transactions.actions")}
              data-testid="transaction-actions"
            >
              ⋯
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>{t("transactions.setStatus")}</Menu.Label>
            {TRANSACTION_STATUSES.filter((s) => s !== tx.status).map((s) => (
              <Menu.Item
                key={s}
                onClick={() => setListedStatus(tx as TransactionView, s)}
                data-testid={`set-status-${s}`}
              >
                {t(`transactions.status.${s}`)}
              </Menu.Item>
            ))}
            {tx.status === "BUY" && (
              <>
                <Menu.Divider />
                <Menu.Item
                  onClick={() => moveBuyToSell(tx as TransactionView)}
                  data-testid="buy-to-sell"
                >
                  {t("transactions.buyToSell")}
                </Menu.Item>
              </>
            )}
            <Menu.Divider />
            <Menu.Item
              color="red"
              onClick={() => onDelete(tx as TransactionView)}
              data-testid="delete-transaction"
            >
              {t("common.delete")}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      ),
    },
  ];
}
