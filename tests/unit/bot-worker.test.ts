import assert from "node:assert/strict";
import { eq, sql } from "drizzle-orm";
import {
  BotWorker,
  CLAIM_TIMEOUT_MS,
  RETRY_AFTER_MS,
  staleClaims,
} from "../../server/bot/worker.ts";
import { executeRows } from "../../server/db/raw-rows.ts";
import { paperBalances, transactions, users } from "../../server/db/schema.ts";
import {
  type ExchangeAdapter,
  ExchangeError,
  type OrderRequest,
} from "../../server/exchanges/adapter.ts";
import type { TradeError, TransactionView } from "../../server/transactions/view.ts";
import { makeTestApp, type TestApp } from "../support/test-app.ts";
import { buyBody, expectStatus, giveKeys, setUser } from "../api/transactions-fixtures.ts";

interface Setup {
  t: TestApp;
  token: string;
  userId: number;
  /** Every order any adapter was asked to place, in order. */
  orders: OrderRequest[];
  price(p: string): void;
  row(id: number): Promise<typeof transactions.$inferSelect>;
  btc(): Promise<string>;
}

async function setup(): Promise<Setup> {
  const t = await makeTestApp();
  const u = await t.user("SuperAdmin");
  await giveKeys(t, u.id, "binance");
  const orders: OrderRequest[] = [];
  const real = t.deps.exchanges;
  t.deps.exchanges = {
    ...real,
    adapter(exchange, kind) {
      const inner = real.adapter(exchange, kind);
      return {
        name: inner.name,
        balances: (a) => inner.balances(a),
        findOrder: (a, p, c) => inner.findOrder(a, p, c),
        placeOrder(account, order) {
          orders.push(order);
          return inner.placeOrder(account, order);
        },
      };
    },
  };
  const sim = t.market.sim("binance")!;
  sim.setPrice("btc_usdt", "60000");
  return {
    t,
    token: u.token,
    userId: u.id,
    orders,
    price: (p) => sim.setPrice("btc_usdt", p),
    row: async (id) =>
      (await t.deps.db.select().from(transactions).where(eq(transactions.id, id)))[0],
    btc: async () =>
      (await t.deps.db.select().from(paperBalances).where(eq(paperBalances.asset, "BTC")))[0].free,
  };
}

async function openTx(s: Setup, body: Record<string, unknown>): Promise<TransactionView> {
  const res = await expectStatus(s.t, 201, "POST", "/api/transaction", {
    token: s.token,
    body: buyBody(s.t, { amount: "600", ...body }),
  });
  return res.transaction;
}

const closes = (s: Setup, id: number) => s.orders.filter((o) => o.clientOrderId === `tx${id}c`);

Deno.test("worker: a buy_sell BUY sells once the price reaches its sellPrice, and only once", async () => {
  const s = await setup();
  const worker = new BotWorker(s.t.deps);
  try {
    const tx = await openTx(s, { sellPrice: "60600" });
    const changed: TransactionView[] = [];
    s.t.deps.onTransactionChanged = (tx) => changed.push(tx);
    // 0.01 bought, less Binance's 0.1% taken from it.
    assert.equal(await s.btc(), "2.00999000");
    worker.start();
    await worker.idle();
    s.price("60599.99");
    await worker.idle();
    assert.equal((await s.row(tx.id)).status, "BUY");

    s.t.clock.advance(5000);
    s.price("60600.00");
    await worker.idle();
    const done = await s.row(tx.id);
    assert.equal(done.status, "DONE");
    assert.equal(done.filledPrice, "60600.00000000");
    assert.equal(done.closeOrderId, `paper-tx${tx.id}c`);
    assert.equal(done.filledAt?.getTime(), s.t.clock.now().getTime());
    assert.equal(done.closingSince, null);
    // What arrived is what is sold.
    assert.deepEqual(closes(s, tx.id).map((o) => [o.side, o.quantity, o.type]), [
      ["SELL", "0.00999", "market"],
    ]);
    assert.equal(await s.btc(), "2.00000000");
    assert.deepEqual(changed.map((c) => [c.id, c.status]), [[tx.id, "DONE"]]);

    s.price("60700.00");
    s.price("60800.00");
    await worker.idle();
    assert.equal(closes(s, tx.id).length, 1);
    assert.equal(await s.btc(), "2.00000000");
  } finally {
    await worker.stop();
    await s.t.close();
  }
});

Deno.test("worker: a sell_buy SELL buys back once the price falls to its buyPrice", async () => {
  const s = await setup();
  const worker = new BotWorker(s.t.deps);
  try {
    await setUser(s.t, s.userId, { coinTradingAmount: "0.5" });
    const tx = await openTx(s, { useBot: "sell_buy", status: "SELL", buyPrice: "59400" });
    assert.equal(tx.status, "SELL");
    assert.equal(await s.btc(), "1.50000000");
    worker.start();
    s.price("59400.01");
    await worker.idle();
    assert.equal((await s.row(tx.id)).status, "SELL");
    s.price("59000.00");
    await worker.idle();
    const done = await s.row(tx.id);
    assert.equal(done.status, "DONE");
    assert.equal(done.filledPrice, "59000.00000000");
    assert.deepEqual(closes(s, tx.id).map((o) => [o.side, o.quantity]), [["BUY", "0.50000000"]]);
    // The quantity sold is bought back; the fee is taken from the coins that arrive.
    assert.equal(await s.btc(), "1.99950000");
  } finally {
    await worker.stop();
    await s.t.close();
  }
});

Deno.test("worker: leaves transactions of other modes, pairs and exchanges alone", async () => {
  const s = await setup();
  const worker = new BotWorker(s.t.deps);
  try {
    await giveKeys(s.t, s.userId, "gate");
    const others = [
      await openTx(s, { useBot: "none", sellPrice: "60001" }),
      await openTx(s, { useBot: "only_buy_sell", sellPrice: "60001" }),
      // Targets the btc_usdt price passes, but not their own market's price.
      await openTx(s, {
        pair: "eth_usdt",
        marketPrice: "3450.00",
        buyPrice: "3450",
        // The highest target its own price allows (twice it), still far below the btc price.
        sellPrice: "6900",
      }),
      await openTx(s, {
        exchange: "gate",
        marketPrice: s.t.market.feed("gate").price("btc_usdt"),
        sellPrice: "69000",
      }),
    ];
    worker.start();
    s.price("70000.00");
    await worker.idle();
    for (const tx of others) assert.equal((await s.row(tx.id)).status, "BUY", tx.useBot);
    assert.equal(s.orders.filter((o) => o.clientOrderId.endsWith("c")).length, 0);
  } finally {
    await worker.stop();
    await s.t.close();
  }
});

Deno.test("worker: after a restart a new worker neither repeats a close nor misses one", async () => {
  const s = await setup();
  try {
    const first = await openTx(s, { sellPrice: "60500" });
    const second = await openTx(s, { sellPrice: "61000" });
    const a = new BotWorker(s.t.deps);
    a.start();
    s.price("60500.00");
    await a.idle();
    await a.stop();
    assert.equal((await s.row(first.id)).status, "DONE");

    // The market reaches the second target while no worker runs.
    s.price("61000.00");
    const b = new BotWorker(s.t.deps);
    b.start();
    await b.idle();
    await b.stop();
    assert.equal((await s.row(second.id)).status, "DONE");
    assert.equal(closes(s, first.id).length, 1);
    assert.equal(closes(s, second.id).length, 1);
    assert.equal(await s.btc(), "2.00000000");
  } finally {
    await s.t.close();
  }
});

Deno.test("worker: two workers racing on the same ticks close each transaction once", async () => {
  const s = await setup();
  const a = new BotWorker(s.t.deps);
  const b = new BotWorker(s.t.deps);
  try {
    const txs = [];
    for (let i = 0; i < 5; i++) txs.push(await openTx(s, { amount: "100", sellPrice: "60100" }));
    a.start();
    b.start();
    s.price("60100.00");
    s.price("60200.00");
    await Promise.all([
      a.idle(),
      b.idle(),
      a.scan("binance", "btc_usdt"),
      b.scan("binance", "btc_usdt"),
    ]);
    for (const tx of txs) {
      assert.equal((await s.row(tx.id)).status, "DONE");
      assert.equal(closes(s, tx.id).length, 1, `tx ${tx.id}`);
    }
    // Each sold once: 0.00166 bought, 0.00165834 arrived after the fee, 0.00165 sold (the lot
    // step), so each left 0.00000834 of dust, as on the exchange.
    assert.equal(await s.btc(), "2.00004170");
  } finally {
    await a.stop();
    await b.stop();
    await s.t.close();
  }
});

/** Exchanges whose orders go through the real ones but whose answer never arrives (until released). */
function hanging(s: Setup) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => release = resolve);
  const real = s.t.deps.exchanges;
  const exchanges: typeof real = {
    ...real,
    adapter(exchange, kind) {
      const inner: ExchangeAdapter = real.adapter(exchange, kind);
      return {
        ...inner,
        placeOrder: (account, order) =>
          inner.placeOrder(account, order).then(async (r) => (await held, r)),
      };
    },
  };
  return { exchanges, release };
}

Deno.test("worker: a close cut off by a dead worker is never sent again; the owner is told once", async () => {
  const s = await setup();
  try {
    const errors: TradeError[] = [];
    s.t.deps.onTradeError = (_userId, error) => errors.push(error);
    const tx = await openTx(s, { sellPrice: "60100" });
    // Worker A's process dies after the exchange took its order and before it was recorded.
    const dying = hanging(s);
    const a = new BotWorker({ ...s.t.deps, exchanges: dying.exchanges });
    a.start();
    s.price("60100.00");
    while (closes(s, tx.id).length === 0) await new Promise((r) => setTimeout(r, 5));

    const b = new BotWorker(s.t.deps);
    b.start();
    await b.idle();
    assert.equal((await s.row(tx.id)).status, "BUY", "claimed by the first worker");
    assert.deepEqual(errors, []);

    s.t.clock.advance(CLAIM_TIMEOUT_MS + 1000);
    s.price("60100.01");
    await b.idle();
    assert.deepEqual(errors, [{
      action: "SELL",
      transactionId: tx.id,
      message: `the closing order was interrupted. Check order tx${tx.id}c on Binance, ` +
        "then set the transaction's status.",
      code: "worker.unclear",
      params: {
        reasonCode: "worker.interrupted",
        orderId: `tx${tx.id}c`,
        exchange: "Binance",
        reason: "the closing order was interrupted",
      },
    }]);
    s.t.clock.advance(CLAIM_TIMEOUT_MS + 1000);
    s.price("60100.02");
    await b.idle();
    assert.equal(errors.length, 1, "told once");
    assert.equal(closes(s, tx.id).length, 1, "never sent again");
    assert.equal((await s.row(tx.id)).status, "BUY");
    assert.equal(await s.btc(), "2.00000000");

    // The owner sees the order filled on the exchange and says so.
    await expectStatus(s.t, 200, "PATCH", `/api/transaction/${tx.id}/set-status/DONE`, {
      token: s.token,
    });
    dying.release();
    await a.stop();
    const done = await s.row(tx.id);
    assert.equal(done.status, "DONE");
    assert.equal(done.closeOrderId, null, "the late answer records nothing");
    await b.stop();
  } finally {
    await s.t.close();
  }
});

Deno.test("worker: an unclear exchange answer leaves the transaction for a person, then a status change releases it", async () => {
  const s = await setup();
  const errors: TradeError[] = [];
  s.t.deps.onTradeError = (_userId, error) => errors.push(error);
  let down = true;
  const real = s.t.deps.exchanges;
  const worker = new BotWorker({
    ...s.t.deps,
    exchanges: {
      ...real,
      adapter(exchange, kind) {
        const inner = real.adapter(exchange, kind);
        const unreachable = () =>
          Promise.reject(new ExchangeError("binance", "Binance is unreachable: timed out"));
        // Down: neither the order nor its lookup gets an answer, so nobody can tell.
        return {
          ...inner,
          placeOrder: (account, order) => down ? unreachable() : inner.placeOrder(account, order),
          findOrder: (account, pair, id) =>
            down ? unreachable() : inner.findOrder(account, pair, id),
        };
      },
    },
  });
  try {
    const tx = await openTx(s, { sellPrice: "60100" });
    worker.start();
    s.price("60100.00");
    await worker.idle();
    assert.deepEqual(errors.map((e) => e.message), [
      `Binance did not confirm order tx${tx.id}c (Binance is unreachable: timed out). ` +
      `Check order tx${tx.id}c on Binance, then set the transaction's status.`,
    ]);
    const held = await s.row(tx.id);
    assert.equal(held.status, "BUY");
    assert.ok(held.closingSince);

    down = false;
    s.t.clock.advance(RETRY_AFTER_MS + 1000);
    s.price("60100.01");
    await worker.idle();
    assert.equal((await s.row(tx.id)).status, "BUY", "not retried by itself");
    assert.equal(errors.length, 1);

    // The owner finds no such order on the exchange and puts the transaction back to BUY.
    await expectStatus(s.t, 200, "PATCH", `/api/transaction/${tx.id}/set-status/BUY`, {
      token: s.token,
    });
    s.price("60100.02");
    await worker.idle();
    assert.equal((await s.row(tx.id)).status, "DONE");
    assert.equal(closes(s, tx.id).length, 1);
  } finally {
    await worker.stop();
    await s.t.close();
  }
});

Deno.test("worker: a refused close tells its owner, keeps the transaction open and retries after a pause", async () => {
  const s = await setup();
  const worker = new BotWorker(s.t.deps);
  try {
    const errors: [number, TradeError][] = [];
    s.t.deps.onTradeError = (userId, error) => errors.push([userId, error]);
    const tx = await openTx(s, { sellPrice: "60100" });
    await s.t.deps.db.update(users).set({ binanceKey: null }).where(eq(users.id, s.userId));
    worker.start();
    s.price("60100.00");
    await worker.idle();
    assert.deepEqual(errors, [[s.userId, {
      action: "SELL",
      transactionId: tx.id,
      message: "Please update Key/Secret for Binance first",
      code: "keys.missing",
      params: { exchange: "Binance" },
    }]]);
    const refused = await s.row(tx.id);
    assert.equal(refused.status, "BUY");
    assert.equal(refused.closingSince, null, "a refusal releases the claim");

    s.price("60150.00");
    await worker.idle();
    assert.equal(errors.length, 1, "no retry inside the pause");

    await giveKeys(s.t, s.userId, "binance");
    s.t.clock.advance(RETRY_AFTER_MS + 1000);
    s.price("60200.00");
    await worker.idle();
    assert.equal((await s.row(tx.id)).status, "DONE");
    assert.equal(errors.length, 1);
  } finally {
    await worker.stop();
    await s.t.close();
  }
});

Deno.test("worker: the stale-claim sweep of every tick reads only claimed rows, not the open ones", async () => {
  const t = await makeTestApp();
  try {
    const u = await t.user("SuperAdmin");
    // Thousands of open bot rows and two claims: a scan of the open rows would be the cheap plan
    // only if the claimed ones had no index of their own.
    await t.deps.db.execute(sql`insert into transactions (user_id, status, pair, exchange, adapter,
        use_bot, market_price, buy_price, sell_price, amount, quantity, closing_since)
      select ${u.id}, (case when g % 2 = 0 then 'BUY' else 'SELL' end)::transaction_status,
        'btc_usdt', 'binance', 'paper', 'buy_sell', 60000, 60000, 61000, 10, 0.0001,
        case when g <= 2 then now() - interval '1 hour' end
      from generate_series(1, 5000) g`);
    await t.deps.db.execute(sql`analyze transactions`);
    const plan = await executeRows<Record<string, string>>(
      t.deps.db,
      sql`explain select id from transactions
        where ${staleClaims("binance", "btc_usdt", new Date(Date.now() - CLAIM_TIMEOUT_MS))}`,
    );
    const text = plan.map((row) => Object.values(row)[0]).join("\n");
    assert.match(text, /transactions_closing/, text);
    assert.doesNotMatch(text, /Seq Scan/, text);
  } finally {
    await t.close();
  }
});
