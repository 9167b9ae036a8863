// The list effects (docs/trading.md#list-effects), as pure functions over the three groups the
// server answers: a created transaction is prepended to its list (and ALL), the total moves, 10 are
// kept; a deleted one leaves every list. Tested under Deno.
import type { TransactionList, TransactionView } from "../../../server/transactions/view.ts";

export type GroupName = keyof TransactionList;
export const GROUPS: readonly GroupName[] = ["BUY", "SELL", "ALL"];

/** The list query's filters (docs/trading.md#list-filters); "" means no filter. */
export interface Filters {
  pair: string;
  status: "" | TransactionView["status"];
  sellPriceStart: string;
  sellPriceEnd: string;
  username: string;
  viewAll: boolean;
}

export const NO_FILTERS: Filters = {
  pair: "",
  status: "",
  sellPriceStart: "",
  sellPriceEnd: "",
  username: "",
  viewAll: false,
};

const emptyGroup = () => ({ items: [] as TransactionView[], totalItems: 0, totalCapped: false });

export const emptyLists = (): TransactionList => ({
  BUY: emptyGroup(),
  SELL: emptyGroup(),
  ALL: emptyGroup(),
});

/** A capped total (the server stops counting far past any page) stays as it is. */
const moveTotal = (group: TransactionList[GroupName], by: number) =>
  group.totalCapped ? group.totalItems : Math.max(0, group.totalItems + by);

/** Whether the server would list the transaction under these filters (status aside). */
export function matchesFilters(tx: TransactionView, f: Filters): boolean {
  if (f.pair && tx.pair !== f.pair) return false;
  if (f.username && !tx.username.toLowerCase().includes(f.username.trim().toLowerCase())) {
    return false;
  }
  const sell = Number(tx.sellPrice);
  if (f.sellPriceStart && sell < Number(f.sellPriceStart)) return false;
  if (f.sellPriceEnd && sell > Number(f.sellPriceEnd)) return false;
  return true;
}

/** The groups a transaction belongs to: its status's list (BUY or SELL) and ALL. */
function groupsOf(tx: TransactionView, f: Filters): GroupName[] {
  const groups: GroupName[] = [];
  if (tx.status === "BUY" || tx.status === "SELL") groups.push(tx.status);
  if (!f.status || f.status === tx.status) groups.push("ALL");
  return groups;
}

/**
 * A new transaction: each of its groups counts one more; on page 1 it is prepended and the page
 * keeps `limit` items (on later pages the newest is not shown, but the totals still move).
 */
export function withCreated(
  lists: TransactionList,
  tx: TransactionView,
  view: { page: number; limit: number; filters: Filters },
): TransactionList {
  if (!matchesFilters(tx, view.filters)) return lists;
  const next = { ...lists };
  for (const name of groupsOf(tx, view.filters)) {
    const group = lists[name];
    if (group.items.some((item) => item.id === tx.id)) continue;
    next[name] = {
      ...group,
      totalItems: moveTotal(group, 1),
      items: view.page === 1 ? [tx, ...group.items].slice(0, view.limit) : group.items,
    };
  }
  return next;
}

/**
 * A deleted transaction leaves BUY, SELL and ALL; the groups it counted in (by its status, even
 * when it is not on the page shown) count one fewer.
 */
export function withoutTransaction(
  lists: TransactionList,
  tx: TransactionView,
  filters: Filters,
): TransactionList {
  const counted = matchesFilters(tx, filters) ? groupsOf(tx, filters) : [];
  const next = { ...lists };
  for (const name of GROUPS) {
    const group = lists[name];
    const items = group.items.filter((item) => item.id !== tx.id);
    const listed = items.length !== group.items.length || counted.includes(name);
    if (listed) next[name] = { ...group, items, totalItems: moveTotal(group, -1) };
  }
  return next;
}
