// The bot worker on the paper exchange, whose closes are one statement: a failure or a dead worker
// leaves nothing half-done, so no row ever waits for a person.
import assert from "node:assert/strict";
import { eq, inArray, sql } from "drizzle-orm";
import { BotWorker, CLAIM_BATCH, PAPER_CLAIM_TIMEOUT_MS } from "../../server/bot/worker.ts";
import { paperBalances, transactions } from "../../server/db/schema.ts";
import type { TradeError, TransactionView } from "../../server/transactions/view.ts";
import { makeTestApp } from "../support/test-app.ts";
import {
  buyBody,
  expectStatus,
  giveKeys,
  interceptPaperPlans,
} from "../api/transactions-fixtures.ts";

async function setup(count: number) {
  const t = await makeTestApp({ PAPER_START_BALANCES: "USDT:100000,BTC:2" });
  const u = await t.user("SuperAdmin");
  await giveKeys(t, u.id, "binance");
  const sim = t.market.sim("binance")!;
  sim.setPrice("btc_usdt", "60000");
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const { transaction } = await expectStatus(t, 201, "POST", "/api/transaction", {
      token: u.token,
      body: buyBody(t, { amount: "600", sellPrice: "60100" }),
    });
    ids.push((transaction as TransactionView).id);
  }
  const errors: TradeError[] = [];
  t.deps.onTradeError = (_userId, error) => errors.push(error);
  const rows = () => t.deps.db.select().from(transactions).where(inArray(transactions.id, ids));
  const btc = async () =>
    (await t.deps.db.select().from(paperBalances).where(eq(paperBalances.asset, "BTC")))[0].free;
  return { t, ids, errors, rows, btc, price: (p: string) => sim.setPrice("btc_usdt", p) };
}

Deno.test("worker: a paper close the database failed goes back to the queue at once, untold", async () => {
  const s = await setup(1);
  const real = s.t.deps.exchanges;
  let failures = 1;
  const worker = new BotWorker({
    ...s.t.deps,
    exchanges: interceptPaperPlans(
      real,
      (_account, _order, next) =>
        failures-- > 0
          ? Promise.reject(Object.assign(new Error("deadlock detected"), { code: "40P01" }))
          : next(),
    ),
  }, { log: () => {} });
  try {
    worker.start();
    s.price("60100.00");
    await worker.idle();
    const [after] = await s.rows();
    assert.equal(after.status, "BUY");
    assert.equal(after.closingSince, null, "not stranded");
    assert.equal(after.closeErrorAt, null, "no pause");
    assert.deepEqual(s.errors, []);

    s.price("60100.01");
    await worker.idle();
    assert.equal((await s.rows())[0].status, "DONE");
    assert.equal(await s.btc(), "2.00000000");
  } finally {
    await worker.stop();
    await s.t.close();
  }
});

Deno.test("worker: a paper claim left by a dead worker returns to the queue and closes once", async () => {
  const s = await setup(3);
  const worker = new BotWorker(s.t.deps);
  try {
    // A worker died holding a claim: on paper its close either committed whole or never happened.
    await s.t.deps.db.update(transactions).set({ closingSince: s.t.clock.now() })
      .where(eq(transactions.id, s.ids[0]));
    worker.start();
    s.price("60100.00");
    await worker.idle();
    assert.deepEqual((await s.rows()).map((r) => r.status).sort(), ["BUY", "DONE", "DONE"]);

    s.t.clock.advance(PAPER_CLAIM_TIMEOUT_MS + 1000);
    s.price("60100.01");
    await worker.idle();
    const rows = await s.rows();
    assert.deepEqual(rows.map((r) => [r.status, r.closingSince]), [
      ["DONE", null],
      ["DONE", null],
      ["DONE", null],
    ]);
    assert.deepEqual(s.errors, [], "no one is asked to check anything");
    // Each BUY took 0.01 BTC in and its close took it out again: every close happened once.
    assert.equal(await s.btc(), "2.00000000");
  } finally {
    await worker.stop();
    await s.t.close();
  }
});

Deno.test("worker: stop() lets the current close finish and claims nothing more", async () => {
  const s = await setup(3);
  const worker = new BotWorker(s.t.deps);
  try {
    worker.start();
    s.price("60100.00");
    const stopped = worker.stop();
    await stopped;
    const rows = await s.rows();
    assert.ok(rows.every((r) => r.closingSince === null), "no claim left behind");
    assert.ok(rows.filter((r) => r.status === "DONE").length <= 1);
  } finally {
    await s.t.close();
  }
});

Deno.test("worker: a backlog past one claim closes once each, one close at a time per account", async () => {
  const t = await makeTestApp({ PAPER_START_BALANCES: "USDT:100000,BTC:2" });
  const a = await t.user("SuperAdmin");
  const b = await t.user("SuperAdmin");
  await giveKeys(t, a.id, "binance");
  await giveKeys(t, b.id, "binance");
  const sim = t.market.sim("binance")!;
  sim.setPrice("btc_usdt", "60000");
  // More rows than one claim takes (CLAIM_BATCH), the two accounts' interleaved.
  const count = 2 * CLAIM_BATCH + 3;
  await t.deps.db.execute(sql`insert into transactions (user_id, status, pair, exchange, adapter,
      use_bot, market_price, buy_price, sell_price, amount, quantity, filled_quantity, avg_price,
      opened_at)
    select (case when g % 2 = 0 then ${a.id} else ${b.id} end)::int, 'BUY', 'btc_usdt', 'binance',
      'paper', 'buy_sell', 60000, 60000, 60100, 6, 0.0001, 0.0001, 60000, now()
    from generate_series(1, ${count}) g`);
  const inFlight = new Map<string, number>();
  let most = 0;
  let together = 0;
  const closed: number[] = [];
  t.deps.onTransactionChanged = (view) => {
    closed.push(view.id);
    const account = `user:${view.userId}`;
    inFlight.set(account, inFlight.get(account)! - 1);
  };
  const worker = new BotWorker({
    ...t.deps,
    exchanges: interceptPaperPlans(t.deps.exchanges, (account, _order, next) => {
      const now = (inFlight.get(account.id) ?? 0) + 1;
      inFlight.set(account.id, now);
      most = Math.max(most, now);
      together = Math.max(together, [...inFlight.values()].filter((n) => n > 0).length);
      return next();
    }),
  });
  try {
    worker.start();
    sim.setPrice("btc_usdt", "60100.00");
    await worker.idle();
    assert.equal(closed.length, count);
    assert.equal(new Set(closed).size, count, "each closed once");
    const rows = await t.deps.db.select().from(transactions);
    assert.ok(rows.every((r) => r.status === "DONE" && r.closingSince === null));
    assert.equal(most, 1, "one close at a time per account");
    assert.equal(together, 2, "the two accounts' closes side by side");
  } finally {
    await worker.stop();
    await t.close();
  }
});
