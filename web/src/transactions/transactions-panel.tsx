// The dashboard's transaction lists (docs/screens.md#transaction-lists): BUY, SELL and ALL tabs, 10
// a page, filters, and for Admin and above the row actions and set-done on the selected rows.
import { Button, Collapse, Group, Stack, Tabs } from "@mantine/core";
import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { useSnapshot } from "valtio";
import { can } from "../../../server/auth/roles.shared.ts";
import { session } from "../session/store.ts";
import { PagedTable } from "../ui/paged-table.tsx";
import { usePhone } from "../ui/use-phone.ts";
import { deleteListed, setListedDone } from "./actions.ts";
import type { TransactionView } from "./api.ts";
import { type GroupName, GROUPS } from "./list-effects.ts";
import { setPage, setTab, showTransactions, transactionLists, transactionsView } from "./store.ts";
import { transactionColumns } from "./transaction-columns.tsx";
import { TransactionFilters } from "./transaction-filters.tsx";
import { combineMessages } from "../i18n/index.ts";
import { commonMessages } from "../i18n/common-messages.ts";
import { transactionsMessages } from "./messages.ts";

const messages = combineMessages(commonMessages, transactionsMessages);

// Asked only when deleting: its code (and Modal's) loads then.
const ConfirmModal = lazy(() =>
  import("../ui/confirm-modal.tsx").then((m) => ({ default: m.ConfirmModal }))
);

export function TransactionsPanel() {
  const t = messages.useT();
  const { user } = useSnapshot(session);
  const { tab } = useSnapshot(transactionsView);
  const { page, result: lists, error, requesting } = useSnapshot(transactionLists.state);
  const [selected, setSelected] = useState<number[]>([]);
  const [deleting, setDeleting] = useState<TransactionView | null>(null);
  useEffect(showTransactions, []);
  // A selection belongs to the rows on screen. An empty one stays as it is: a new [] would render
  // the panel once more after each answer.
  useEffect(() => setSelected((ids) => (ids.length ? [] : ids)), [tab, page, lists]);
  if (!user) return null;
  const admin = can(user.role, "transactions.viewAll");
  const withActions = can(user.role, "transactions.editAll");
  const group = lists[tab];

  const toggle = (id: number, checked: boolean) =>
    setSelected((ids) => checked ? [...ids, id] : ids.filter((x) => x !== id));

  return (
    <Stack gap="sm">
      <FoldedOnPhone>
        <TransactionFilters admin={admin} />
      </FoldedOnPhone>
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
      <PagedTable
        table={{ page, result: group, requesting, error }}
        onPage={setPage}
        testId="transactions"
        tableTestId={`transactions-${tab}`}
        minWidth={900}
        empty={t("transactions.empty")}
        rowKey={(tx) => tx.id}
        rowProps={(tx) => ({ "data-testid": `transaction-${tx.id}`, "data-status": tx.status })}
        columns={transactionColumns({
          t,
          withActions,
          selected,
          onSelect: toggle,
          onDelete: setDeleting,
        })}
        toolbar={withActions && (
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
      />
      {deleting && (
        // The transaction leaves every list.
        <Suspense fallback={null}>
          <ConfirmModal
            title={t("transactions.deleteTitle")}
            message={t("transactions.deleteConfirm", { id: deleting.id })}
            confirmLabel={t("common.delete")}
            color="red"
            testId="confirm-delete"
            action={() => deleteListed(deleting)}
            failed={t("transactions.actionFailed")}
            onClose={() => setDeleting(null)}
          />
        </Suspense>
      )}
    </Stack>
  );
}

/** A phone shows its rows before the filters: they fold behind one button. */
function FoldedOnPhone({ children }: { children: ReactNode }) {
  const t = transactionsMessages.useT();
  const phone = usePhone();
  const [open, setOpen] = useState(false);
  if (!phone) return children;
  return (
    <div>
      <Button
        size="compact-sm"
        variant="default"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        data-testid="filters-toggle"
      >
        {t("transactions.filters")} {open ? "▴" : "▾"}
      </Button>
      <Collapse expanded={open}>{children}</Collapse>
    </div>
  );
}
