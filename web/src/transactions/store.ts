// The dashboard's transaction lists: tab, page, filters and the three groups the server answers.
// The realtime client calls reloadTransactions() on `transaction-changed`.
import { proxy } from "valtio";
import { translate } from "../i18n/index.ts";
import { onSignOut } from "../session/store.ts";
import { errorText } from "../ui/notify.ts";
import { PAGE_SIZE } from "../ui/paged-list.ts";
import { fetchTransactions, type TransactionView } from "./api.ts";
import {
  emptyLists,
  type Filters,
  type GroupName,
  NO_FILTERS,
  withCreated,
  withoutTransaction,
} from "./list-effects.ts";
import "./messages.ts";

const initial = () => ({
  tab: "BUY" as GroupName,
  /** One page number for the three groups: the server pages them together. */
  page: 1,
  filters: { ...NO_FILTERS } as Filters,
  lists: emptyLists(),
  requesting: false,
  error: null as string | null,
  /** True while the dashboard shows the lists, so reloads from elsewhere refresh them. */
  shown: false,
});

export const transactionsState = proxy(initial());

let latest = 0;

export async function loadTransactions() {
  const mine = ++latest;
  transactionsState.requesting = true;
  transactionsState.error = null;
  try {
    const { filters, page } = transactionsState;
    const lists = await fetchTransactions({ ...filters, page, limit: PAGE_SIZE });
    // A slower earlier answer never overwrites a newer one.
    if (mine === latest) transactionsState.lists = lists;
  } catch (err) {
    if (mine === latest) {
      transactionsState.error = errorText(err, translate("transactions.loadFailed"));
    }
  } finally {
    if (mine === latest) transactionsState.requesting = false;
  }
}

/** Reloads the lists when they are on screen (after a change made elsewhere). */
export function reloadTransactions() {
  if (transactionsState.shown) return loadTransactions();
}

/** The dashboard calls this from an effect; the cleanup marks the lists hidden. */
export function showTransactions() {
  transactionsState.shown = true;
  loadTransactions();
  return () => {
    transactionsState.shown = false;
  };
}

/** The groups share one page number, so another tab starts again from page 1. */
export function setTab(tab: GroupName) {
  transactionsState.tab = tab;
  if (transactionsState.page !== 1) setPage(1);
}

export function setPage(page: number) {
  transactionsState.page = page;
  return loadTransactions();
}

export function setFilters(fields: Partial<Filters>) {
  Object.assign(transactionsState.filters, fields);
  transactionsState.page = 1;
  return loadTransactions();
}

/** A transaction this client created (docs/trading.md#list-effects). */
export function addCreated(tx: TransactionView) {
  const { page, filters } = transactionsState;
  transactionsState.lists = withCreated(transactionsState.lists, tx, {
    page,
    limit: PAGE_SIZE,
    filters,
  });
}

/** A transaction this client deleted leaves every list. */
export function removeDeleted(tx: TransactionView) {
  const { lists, filters } = transactionsState;
  transactionsState.lists = withoutTransaction(lists, tx, filters);
}

onSignOut(() => {
  latest++;
  Object.assign(transactionsState, initial());
});
