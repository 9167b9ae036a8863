// The dashboard's transaction lists: tab, page, filters and the three groups the server answers.
// The realtime client calls reloadTransactions() on `transaction-changed`.
import { proxy } from "valtio";
import { onSignOut } from "../session/store.ts";
import { PAGE_SIZE, pagedList } from "../ui/paged-list.ts";
import { fetchTransactions, type TransactionView } from "./api.ts";
import {
  emptyLists,
  type GroupName,
  NO_FILTERS,
  withCreated,
  withoutTransaction,
} from "./list-effects.ts";
import { transactionsMessages } from "./messages.ts";

/** One page number for the three groups: the server pages them together. */
export const transactionLists = pagedList({
  filters: NO_FILTERS,
  empty: emptyLists(),
  fetch: fetchTransactions,
  failed: () => transactionsMessages.translate("transactions.loadFailed"),
});

const initialView = () => ({
  tab: "BUY" as GroupName,
  /** True while the dashboard shows the lists, so reloads from elsewhere refresh them. */
  shown: false,
});

export const transactionsView = proxy(initialView());

onSignOut(() => Object.assign(transactionsView, initialView()));

export const loadTransactions = transactionLists.load;
export const setPage = transactionLists.setPage;
export const setFilters = transactionLists.setFilters;

/** Reloads the lists when they are on screen (after a change made elsewhere). */
export function reloadTransactions() {
  if (transactionsView.shown) return loadTransactions();
}

/** The dashboard calls this from an effect; the cleanup marks the lists hidden. */
export function showTransactions() {
  transactionsView.shown = true;
  loadTransactions();
  return () => {
    transactionsView.shown = false;
  };
}

/** The groups share one page number, so another tab starts again from page 1. */
export function setTab(tab: GroupName) {
  transactionsView.tab = tab;
  if (transactionLists.state.page !== 1) setPage(1);
}

/** A transaction this client created (docs/trading.md#list-effects). */
export function addCreated(tx: TransactionView) {
  const { page, filters, result } = transactionLists.state;
  transactionLists.state.result = withCreated(result, tx, { page, limit: PAGE_SIZE, filters });
}

/** A transaction this client deleted leaves every list. */
export function removeDeleted(tx: TransactionView) {
  const { result, filters } = transactionLists.state;
  transactionLists.state.result = withoutTransaction(result, tx, filters);
}
