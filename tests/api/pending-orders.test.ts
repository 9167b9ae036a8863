// In-doubt opening orders (issue 15): when the order's answer is lost and the lookups by client
// order id cannot tell either, POST /transaction answers 202 with a pending row; the order resolver
// then records what the exchange really did: the fill, a refusal, or, past its bound, exactly what
// a person must check. Paper rows settle the same way from paper_orders.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { BotWorker } from "../../server/bot/worker.ts";
import { dec } from "../../server/core/decimal.shared.ts";
import { paperOrders, transactions } from "../../server/db/schema.ts";
import {
  FIRST_CHECK_MS,
  LONGEST_CHECK_MS,
  OrderResolver,
  RESOLVE_BOUND_MS,
} from "../../server/transactions/resolver.ts";
import type { TradeError, TransactionView } from "../../server/transactions/view.ts";
import { makeTestApp } from "../support/test-app.ts";
import { buy, close, LEVEL, listen, type Live, price, row, setup } from "./live-fixtures.ts";
import { buyBody, expectStatus, giveKeys } from "./transactions-fixtures.ts";

const pendingRows = (l: Live) =>
  l.t.deps.db.select().from(transactions).where(eq(transactions.orderState, "pending"));

for (const exchange of ["binance", "gate"] as const) {
  const title = exchange === "binance" ? "Binance" : "Gate";
  const fakeOf = (l: Live) => exchange === "binance" ? l.binance : l.gate;

  Deno.test(`pending ${exchange}: 5xx after filling, lookups blind: 202 + pending row, then the resolver records the fill`, async () => {
    const l = await setup();
    try {
      const told = listen(l.t.deps);
      price(l, exchange, "btc_usdt", LEVEL.btc_usdt);
      // The test app looks an order up three times in the request (NO_LOOKUP_WAIT).
      fakeOf(l).troubleNextOrder({ kind: "503", afterFill: true, blindLookups: 3 });
      const res = await buy(l, exchange, "btc_usdt", "100");
      const body = await res.json();
      assert.equal(res.status, 202, JSON.stringify(body));
      const tx: TransactionView = body.transaction;
      assert.equal(body.pending, true);
      assert.equal(body.code, "trading.orderPending");
      assert.equal(
        body.message,
        `${title} has not confirmed order tx${tx.id} yet. It is recorded as pending and checked ` +
          `again until ${title} tells whether it filled.`,
      );
      assert.equal(tx.orderState, "pending");
      assert.match(tx.orderNote!, new RegExp(`^${title} did not confirm order tx${tx.id} \\(`));
      assert.equal(tx.filledQuantity, null);
      assert.equal(tx.orderId, null);

      // The bot leaves a pending row alone even when its target is reached.
      price(l, exchange, "btc_usdt", dec(tx.sellPrice).mul("1.01").toFixed(8));
      assert.equal(await new BotWorker(l.t.deps, { log: () => {} }).scan(exchange, "btc_usdt"), 0);

      const resolver = new OrderResolver(l.t.deps, { log: (m, e) => assert.fail(`${m} ${e}`) });
      const none = { filled: 0, refused: 0, unknown: 0, waiting: 0 };
      assert.deepEqual(await resolver.settleDue(), none, "not due before its first wait");
      l.t.clock.advance(FIRST_CHECK_MS);
      assert.deepEqual(await resolver.settleDue(), { ...none, filled: 1 });
      const filled = await row(l, tx.id);
      assert.equal(filled.orderState, null);
      assert.equal(filled.orderNote, null);
      // Binance numbers its orders from 1000; Gate's order carries its own id.
      assert.equal(filled.orderId, exchange === "binance" ? "1000" : l.gate.orders[0].id);
      assert.ok(dec(filled.filledQuantity!).gt(0));
      // The commission too (Binance: from the order's trades, /api/v3/myTrades), so the close
      // sells what arrived after the fee.
      assert.ok(dec(filled.fee!).gt(0));
      assert.equal(filled.feeAsset, "BTC");
      assert.ok(dec(filled.avgPrice!).gt(0));
      assert.deepEqual(told.changed.map((v) => [v.id, v.orderState]), [
        [tx.id, "pending"],
        [tx.id, null],
      ]);
      assert.deepEqual(told.errors, []);

      // Now a trade: the bot closes it.
      assert.equal(await new BotWorker(l.t.deps, { log: () => {} }).scan(exchange, "btc_usdt"), 1);
      assert.equal((await row(l, tx.id)).status, "DONE");
      assert.deepEqual(await pendingRows(l), []);
    } finally {
      await close(l);
    }
  });

  Deno.test(`pending ${exchange}: a timeout with nothing filled ends refused; past the bound, the row says what to check`, async () => {
    const l = await setup();
    try {
      const told = listen(l.t.deps);
      price(l, exchange, "btc_usdt", LEVEL.btc_usdt);
      // Blind for the three lookups in the request and the resolver's first one.
      fakeOf(l).troubleNextOrder({ kind: "hang", afterFill: false, blindLookups: 4 });
      const res = await buy(l, exchange, "btc_usdt", "100");
      assert.equal(res.status, 202);
      const { transaction: tx } = await res.json();

      const resolver = new OrderResolver(l.t.deps);
      l.t.clock.advance(FIRST_CHECK_MS);
      assert.equal((await resolver.settleDue()).waiting, 1);
      const waiting = await row(l, tx.id);
      assert.equal(waiting.orderState, "pending");
      // Backoff: the next ask waits as long as the order has been pending.
      assert.equal(
        waiting.orderCheckAt!.getTime(),
        l.t.clock.now().getTime() + FIRST_CHECK_MS,
      );
      l.t.clock.advance(FIRST_CHECK_MS);
      assert.equal((await resolver.settleDue()).refused, 1);
      const refused = await row(l, tx.id);
      assert.equal(refused.orderState, "refused");
      assert.match(refused.orderNote!, new RegExp(`^${title} did not take order tx${tx.id} \\(`));
      assert.equal(refused.filledQuantity, null);
      assert.deepEqual(told.errors.map((e) => [e.action, e.transactionId]), [["BUY", tx.id]]);
      assert.equal(told.changed.at(-1)?.orderState, "refused");

      // An exchange that cannot tell for a day: the row names the exchange and the client order id.
      fakeOf(l).troubleNextOrder({ kind: "503", afterFill: false, blindLookups: 1_000 });
      const lost = await buy(l, exchange, "btc_usdt", "100");
      assert.equal(lost.status, 202);
      const { transaction: unsure } = await lost.json();
      l.t.clock.advance(LONGEST_CHECK_MS);
      assert.equal((await resolver.settleDue()).waiting, 1);
      l.t.clock.advance(RESOLVE_BOUND_MS);
      assert.equal((await resolver.settleDue()).unknown, 1);
      const unknown = await row(l, unsure.id);
      assert.equal(unknown.orderState, "unknown");
      assert.match(
        unknown.orderNote!,
        new RegExp(
          `^${title} could not tell within 24 hours whether it took order tx${unsure.id} .*` +
            `Check the order with client order id tx${unsure.id} on ${title}: `,
        ),
      );
      assert.deepEqual(await pendingRows(l), []);
      // The person found it filled: a manual status makes it a trade (a day on: a new session).
      const admin = await l.t.user("SuperAdmin", "checker");
      const set = await l.t.call("PATCH", `/api/transaction/${unsure.id}/set-status/BUY`, {
        token: admin.token,
      });
      assert.equal(set.status, 200);
      assert.equal((await row(l, unsure.id)).orderState, null);
      assert.equal((await row(l, tx.id)).orderState, "refused");
    } finally {
      await close(l);
    }
  });
}

Deno.test("pending paper: the resolver settles from paper_orders (a fill, and none)", async () => {
  const t = await makeTestApp();
  try {
    const told: TradeError[] = [];
    t.deps.onTradeError = (_user, e) => told.push(e);
    const u = await t.user("SuperAdmin");
    await giveKeys(t, u.id, "binance");
    // A paper fill recorded in paper_orders, whose row is then taken back to pending (its answer
    // lost), and a pending row whose order never reached the paper exchange.
    const placed = await expectStatus(t, 201, "POST", "/api/transaction", {
      token: u.token,
      body: buyBody(t),
    });
    const id = placed.transaction.id;
    const [order] = await t.deps.db.select().from(paperOrders)
      .where(eq(paperOrders.clientOrderId, `tx${id}`));
    assert.ok(order);
    const pending = {
      orderState: "pending" as const,
      orderNote: "lost",
      orderCheckAt: t.clock.now(),
      filledQuantity: null,
      avgPrice: null,
      orderId: null,
    };
    await t.deps.db.update(transactions).set(pending).where(eq(transactions.id, id));
    const [{ id: _, ...copy }] = await t.deps.db.select().from(transactions)
      .where(eq(transactions.id, id));
    const [{ id: neverId }] = await t.deps.db.insert(transactions).values(copy).returning();

    const settled = await new OrderResolver(t.deps).settleDue();
    assert.deepEqual(settled, { filled: 1, refused: 1, unknown: 0, waiting: 0 });
    const [filled] = await t.deps.db.select().from(transactions).where(eq(transactions.id, id));
    assert.equal(filled.orderState, null);
    assert.ok(dec(filled.filledQuantity!).eq(order.quantity));
    assert.ok(dec(filled.avgPrice!).eq(order.price));
    const [never] = await t.deps.db.select().from(transactions)
      .where(eq(transactions.id, neverId));
    assert.equal(never.orderState, "refused");
    assert.match(
      never.orderNote!,
      new RegExp(`^Binance did not take order tx${neverId} \\(lost\\)`),
    );
    assert.deepEqual(told.map((e) => e.transactionId), [neverId]);
  } finally {
    await t.close();
  }
});
