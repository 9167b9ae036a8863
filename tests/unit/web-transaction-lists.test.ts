import assert from "node:assert/strict";
import type { TransactionView } from "../../server/transactions/view.ts";
import {
  emptyLists,
  NO_FILTERS,
  withCreated,
  withoutTransaction,
} from "../../web/src/transactions/list-effects.ts";

function tx(id: number, fields: Partial<TransactionView> = {}): TransactionView {
  return {
    id,
    userId: 1,
    username: "trader_one",
    status: "BUY",
    pair: "btc_usdt",
    exchange: "binance",
    adapter: "paper",
    useBot: "buy_sell",
    marketPrice: "60000.00000000",
    buyPrice: "60000.00000000",
    sellPrice: "60600.00000000",
    amount: "100.00000000",
    quantity: "0.00166666",
    spread: "1.00000000",
    assetId: null,
    callId: null,
    orderId: null,
    closeOrderId: null,
    filledPrice: null,
    filledAt: null,
    createdAt: "2024-01-01T00:00:00.000Z",
    updatedAt: "2024-01-01T00:00:00.000Z",
    ...fields,
    // The view's other fields do not matter to the list effects.
  } as TransactionView;
}

const group = (items: TransactionView[], totalItems: number, totalCapped = false) => ({
  items,
  totalItems,
  totalCapped,
});

/** Page 1 with ten BUYs (of 25) and ten of every status (of 40). */
function fullLists() {
  const lists = emptyLists();
  lists.BUY = group(Array.from({ length: 10 }, (_, i) => tx(100 - i)), 25);
  lists.SELL = group([tx(50, { status: "SELL" })], 1);
  lists.ALL = group(Array.from({ length: 10 }, (_, i) => tx(100 - i)), 40);
  return lists;
}

const page1 = { page: 1, limit: 10, filters: NO_FILTERS };

Deno.test("withCreated: a new BUY is prepended to BUY and ALL, totals move, 10 are kept", () => {
  const next = withCreated(fullLists(), tx(101), page1);
  assert.deepEqual(next.BUY.items.map((t) => t.id), [101, 100, 99, 98, 97, 96, 95, 94, 93, 92]);
  assert.equal(next.BUY.totalItems, 26);
  assert.equal(next.ALL.items[0].id, 101);
  assert.equal(next.ALL.items.length, 10);
  assert.equal(next.ALL.totalItems, 41);
  assert.deepEqual(next.SELL, fullLists().SELL);
});

Deno.test("withCreated: a DONE one (only_buy) goes to ALL only; later pages count it without showing it", () => {
  const done = withCreated(fullLists(), tx(101, { status: "DONE" }), page1);
  assert.equal(done.BUY.totalItems, 25);
  assert.equal(done.ALL.items[0].id, 101);
  const page2 = withCreated(fullLists(), tx(101), { ...page1, page: 2 });
  assert.equal(page2.BUY.totalItems, 26);
  assert.equal(page2.BUY.items[0].id, 100);
});

Deno.test("withCreated: filters the new transaction does not match leave the lists alone", () => {
  const lists = fullLists();
  const otherPair = withCreated(lists, tx(101), {
    ...page1,
    filters: { ...NO_FILTERS, pair: "eth_usdt" },
  });
  assert.equal(otherPair, lists);
  const belowRange = withCreated(lists, tx(101), {
    ...page1,
    filters: { ...NO_FILTERS, sellPriceStart: "70000" },
  });
  assert.equal(belowRange, lists);
  // ALL filtered to DONE: the BUY list still takes it, ALL does not.
  const statusDone = withCreated(lists, tx(101), {
    ...page1,
    filters: { ...NO_FILTERS, status: "DONE" },
  });
  assert.equal(statusDone.BUY.items[0].id, 101);
  assert.equal(statusDone.ALL.totalItems, 40);
  // The same transaction twice (the socket's reload raced the answer) is counted once.
  const twice = withCreated(withCreated(lists, tx(101), page1), tx(101), page1);
  assert.equal(twice.BUY.totalItems, 26);
});

Deno.test("withoutTransaction: a deleted transaction leaves BUY, SELL and ALL", () => {
  const lists = fullLists();
  lists.SELL.items.push(tx(98, { status: "SELL" }));
  const next = withoutTransaction(lists, tx(98), NO_FILTERS);
  for (const name of ["BUY", "SELL", "ALL"] as const) {
    assert.equal(next[name].items.some((t) => t.id === 98), false, name);
  }
  assert.equal(next.BUY.totalItems, 24);
  assert.equal(next.ALL.totalItems, 39);
  // Not on this page but counted in BUY and ALL by its status.
  const offPage = withoutTransaction(fullLists(), tx(3), NO_FILTERS);
  assert.equal(offPage.BUY.totalItems, 24);
  assert.equal(offPage.ALL.totalItems, 39);
  assert.equal(offPage.SELL.totalItems, 1);
});

Deno.test("list effects: a capped total (the server stopped counting) does not move", () => {
  const lists = fullLists();
  lists.ALL = group(lists.ALL.items, 5000, true);
  const created = withCreated(lists, tx(101), page1);
  assert.equal(created.ALL.totalItems, 5000);
  assert.equal(created.ALL.totalCapped, true);
  assert.equal(created.ALL.items[0].id, 101);
  assert.equal(created.BUY.totalItems, 26);
  const deleted = withoutTransaction(created, tx(101), NO_FILTERS);
  assert.equal(deleted.ALL.totalItems, 5000);
  assert.equal(deleted.BUY.totalItems, 25);
});
