// Write-ahead orders (issue 27): a live order's row is committed, pending, before the order is
// sent. A slow exchange answers the request 202 with that row, and the row settles when the
// exchange answers: filled (one row, the real fill) or refused (no row). A sender that dies leaves
// the row to the resolver once ORDER_SENDING_MS has passed, never before.
import assert from "node:assert/strict";
import { dec } from "../../server/core/decimal.shared.ts";
import { transactions } from "../../server/db/schema.ts";
import { OrderResolver } from "../../server/transactions/resolver.ts";
import type { TransactionView } from "../../server/transactions/view.ts";
import { until } from "../support/until.ts";
import { buy, close, LEVEL, listen, type Live, price, sentOrders, setup } from "./live-fixtures.ts";

const allRows = (l: Live) => l.t.deps.db.select().from(transactions);

for (const exchange of ["binance", "gate"] as const) {
  const fakeOf = (l: Live) => exchange === "binance" ? l.binance : l.gate;

  Deno.test(`write-ahead ${exchange}: the row is recorded before the order goes; a late fill answers 202, then settles the same row`, async () => {
    // The exchange's answer waits 1 s (the fixture's HTTP timeout), the request 100 ms.
    const l = await setup({ ORDER_ANSWER_MS: 100 });
    try {
      const told = listen(l.t.deps);
      price(l, exchange, "btc_usdt", LEVEL.btc_usdt);
      fakeOf(l).troubleNextOrder({ kind: "hang", afterFill: true });
      const res = await buy(l, exchange, "btc_usdt", "100");
      const body = await res.json();
      assert.equal(res.status, 202, JSON.stringify(body));
      assert.equal(body.pending, true);
      const tx: TransactionView = body.transaction;
      assert.equal(tx.orderState, "pending");
      // The row is there, pending, while the order is on its way and after it filled with its
      // answer still away.
      const [ahead] = await allRows(l);
      assert.equal(ahead.id, tx.id);
      assert.equal(ahead.orderState, "pending");
      await until(() => sentOrders(l, exchange) === 1, 10_000, "the order to reach the exchange");

      await until(
        () => told.changed.some((c) => c.id === tx.id && c.orderState === null),
        20_000,
        "the late fill to be recorded",
      );
      const rows = await allRows(l);
      assert.equal(rows.length, 1, "one row for one filled order");
      assert.equal(rows[0].orderState, null);
      assert.ok(dec(rows[0].filledQuantity!).gt(0));
      assert.ok(rows[0].orderId);
      assert.equal(told.errors.length, 0);
      assert.equal(sentOrders(l, exchange), 1, "never sent twice");
    } finally {
      await close(l);
    }
  });

  Deno.test(`write-ahead ${exchange}: a late refusal removes the pending row and tells the owner`, async () => {
    const l = await setup({ ORDER_ANSWER_MS: 100 });
    try {
      const told = listen(l.t.deps);
      price(l, exchange, "btc_usdt", LEVEL.btc_usdt);
      // Lost before filling: the lookups find no such order.
      fakeOf(l).troubleNextOrder({ kind: "hang", afterFill: false });
      const res = await buy(l, exchange, "btc_usdt", "100");
      assert.equal(res.status, 202, await res.clone().text());
      const { transaction } = await res.json();
      await until(() => told.errors.length > 0, 10_000, "the refusal to be told");
      assert.equal(told.errors[0].transactionId, transaction.id);
      assert.equal(told.errors[0].action, "BUY");
      assert.match(told.errors[0].message, new RegExp(`did not take order tx${transaction.id}`));
      assert.deepEqual(await allRows(l), []);
      assert.ok(told.changed.some((c) => c.id === transaction.id), "the list is told to reload");
    } finally {
      await close(l);
    }
  });
}

Deno.test("write-ahead: the resolver leaves a sent order to its sender for ORDER_SENDING_MS, then settles it", async () => {
  const l = await setup({ ORDER_ANSWER_MS: 100 });
  try {
    price(l, "binance", "btc_usdt", LEVEL.btc_usdt);
    l.binance.troubleNextOrder({ kind: "hang", afterFill: true });
    const res = await buy(l, "binance", "btc_usdt", "100");
    assert.equal(res.status, 202);
    const { transaction } = await res.json();
    // As if the process died with the order sent: its row stays pending, due at the grace's end.
    const resolver = new OrderResolver(l.t.deps);
    const [row] = await allRows(l);
    assert.equal(
      row.orderCheckAt!.getTime() - row.createdAt.getTime(),
      l.t.deps.config.ORDER_SENDING_MS,
    );
    assert.equal(row.id, transaction.id);
    assert.deepEqual(await resolver.settleDue(), { filled: 0, refused: 0, unknown: 0, waiting: 0 });
    // Past the grace the resolver looks it up (unless the sender settled it first): one filled row.
    l.t.clock.advance(l.t.deps.config.ORDER_SENDING_MS);
    await resolver.settleDue();
    await until(async () => (await allRows(l))[0].orderState === null, 10_000, "settled");
    const rows = await allRows(l);
    assert.equal(rows.length, 1);
    assert.equal(rows[0].orderState, null);
    assert.ok(dec(rows[0].filledQuantity!).gt(0));
  } finally {
    await close(l);
  }
});
