// The dashboard's transaction lists (spec sections 2 and 3): BUY, SELL and ALL tabs, 10 a page,
// filters, and for Admin and above the row actions and set-done on the selected rows.
import { Alert, Button, Group, Pagination, Stack, Table, Tabs, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { useSnapshot } from "valtio";
import { can } from "../../../server/users/roles.ts";
import { useT } from "../i18n/index.ts";
import { session } from "../session/store.ts";
import { setListedDone } from "./actions.ts";
import type { TransactionView } from "./api.ts";
import { DeleteTransactionModal } from "./delete-transaction-modal.tsx";
import { type GroupName, GROUPS } from "./list-effects.ts";
import { PAGE_SIZE, setPage, setTab, showTransactions, transactionsState } from "./store.ts";
import { TransactionFilters } from "./transaction-filters.tsx";
import { TransactionRow } from "./transaction-row.tsx";
import "./messages.ts";

const COLUMNS = [
  "id",
  "username",
  "pair",
  "exchange",
  "statusColumn",
  "buyPrice",
  "sellPrice",
  "amount",
  "quantity",
  "createdAt",
];

export function TransactionsPanel() {
  const t = useT();
  const { user } = useSnapshot(session);
  const { tab, page, lists, error, requesting } = useSnapshot(transactionsState);
  const [selected, setSelected] = useState<number[]>([]);
  const [deleting, setDeleting] = useState<TransactionView | null>(null);
  useEffect(showTransactions, []);
  // A selection belongs to the rows on screen.
  useEffect(() => setSelected([]), [tab, page, lists]);
  if (!user) return null;
  const admin = can(user.role, "transactions.viewAll");
  const withActions = can(user.role, "transactions.editAll");
  const group = lists[tab];

  const toggle = (id: number, checked: boolean) =>
    setSelected((ids) => checked ? [...ids, id] : ids.filter((x) => x !== id));

  return (
    <Stack gap="sm">
      <TransactionFilters admin={admin} />
      <Tabs value={tab} onChange={(v) => v && setTab(v as GroupName)}>
        <Tabs.List>
          {GROUPS.map((g) => (
            <Tabs.Tab key={g} value={g} data-testid={`tab-${g}`}>
              {t(`transactions.tab.${g}`)} ({lists[g].totalItems}
              {lists[g].totalCapped ? "+" : ""})
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {error && <Alert color="red">{error}</Alert>}
      {withActions && (
        <Group>
          <Button
            size="xs"
            variant="light"
            disabled={selected.length === 0}
            onClick={async () => {
              if (await setListedDone(selected)) setSelected([]);
            }}
            data-testid="set-done"
          >
            {t("transactions.setDone", { count: selected.length })}
          </Button>
        </Group>
      )}
      <Table.ScrollContainer minWidth={900}>
        <Table striped highlightOnHover data-testid={`transactions-${tab}`}>
          <Table.Thead>
            <Table.Tr>
              {withActions && <Table.Th />}
              {COLUMNS.map((c) => <Table.Th key={c}>{t(`transactions.${c}`)}</Table.Th>)}
              {withActions && <Table.Th>{t("transactions.actions")}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {group.items.map((tx) => (
              <TransactionRow
                key={tx.id}
                tx={tx as TransactionView}
                withActions={withActions}
                selected={selected.includes(tx.id)}
                onSelect={(checked) => toggle(tx.id, checked)}
                onDelete={() => setDeleting(tx as TransactionView)}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {!requesting && group.items.length === 0 && (
        <Text c="dimmed" data-testid="transactions-empty">{t("transactions.empty")}</Text>
      )}
      <Pagination
        total={Math.max(1, Math.ceil(group.totalItems / PAGE_SIZE))}
        value={page}
        onChange={setPage}
        hideWithOnePage
        data-testid="transactions-pagination"
      />
      {deleting && <DeleteTransactionModal tx={deleting} onClose={() => setDeleting(null)} />}
    </Stack>
  );
}
