// One listed transaction; Admin and above get the actions of spec section 4 on every row.
import { ActionIcon, Badge, Checkbox, Menu, Table } from "@mantine/core";
import { TRANSACTION_STATUSES } from "../../../server/db/enums.ts";
import { findPair } from "../../../server/market/pairs.ts";
import { useT } from "../i18n/index.ts";
import type { TransactionView } from "./api.ts";
import { moveBuyToSell, setListedStatus } from "./actions.ts";
import { formatDateTime, formatNumber, formatPrice, formatQuantity } from "./format.ts";
import "./messages.ts";

const STATUS_COLOR = { BUY: "teal", SELL: "red", DONE: "gray" } as const;

export interface RowProps {
  tx: TransactionView;
  withActions: boolean;
  selected: boolean;
  onSelect: (checked: boolean) => void;
  onDelete: () => void;
}

export function TransactionRow({ tx, withActions, selected, onSelect, onDelete }: RowProps) {
  const t = useT();
  return (
    <Table.Tr data-testid={`transaction-${tx.id}`} data-status={tx.status}>
      {withActions && (
        <Table.Td>
          <Checkbox
            size="xs"
            aria-label={t("transactions.select", { id: tx.id })}
            checked={selected}
            disabled={tx.status === "DONE"}
            onChange={(e) => onSelect(e.currentTarget.checked)}
          />
        </Table.Td>
      )}
      <Table.Td>{tx.id}</Table.Td>
      <Table.Td>{tx.username}</Table.Td>
      <Table.Td>{findPair(tx.pair)?.label ?? tx.pair}</Table.Td>
      <Table.Td>{t(`transactions.exchangeName.${tx.exchange}`)}</Table.Td>
      <Table.Td>
        <Badge
          color={STATUS_COLOR[tx.status]}
          variant="light"
          miw={64}
          data-testid="transaction-status"
        >
          {t(`transactions.status.${tx.status}`)}
        </Badge>
      </Table.Td>
      <Table.Td>{formatPrice(tx.buyPrice, tx.pair)}</Table.Td>
      <Table.Td>{formatPrice(tx.sellPrice, tx.pair)}</Table.Td>
      <Table.Td>{formatNumber(tx.amount)}</Table.Td>
      <Table.Td>{formatQuantity(tx.quantity)}</Table.Td>
      <Table.Td style={{ whiteSpace: "nowrap" }}>{formatDateTime(tx.createdAt)}</Table.Td>
      {withActions && (
        <Table.Td>
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
                  onClick={() => setListedStatus(tx, s)}
                  data-testid={`set-status-${s}`}
                >
                  {t(`transactions.status.${s}`)}
                </Menu.Item>
              ))}
              {tx.status === "BUY" && (
                <>
                  <Menu.Divider />
                  <Menu.Item onClick={() => moveBuyToSell(tx)} data-testid="buy-to-sell">
                    {t("transactions.buyToSell")}
                  </Menu.Item>
                </>
              )}
              <Menu.Divider />
              <Menu.Item color="red" onClick={onDelete} data-testid="delete-transaction">
                {t("common.delete")}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Table.Td>
      )}
    </Table.Tr>
  );
}
