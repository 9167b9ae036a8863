import assert from "node:assert/strict";
import { eq, inArray } from "drizzle-orm";
import { closingAccount, closingSize } from "../../server/transactions/close-order.ts";
import { BotWorker } from "../../server/bot/worker.ts";
import { ManualClock } from "../../server/core/clock.ts";
import { paperBalances, transactions } from "../../server/db/schema.ts";
import { lookUpInterruptedClaims, releaseInterruptedClaims } from "../../server/engine/claims.ts";
import { TRADING_KEY_FIELDS } from "../../server/keys/schema.ts";
import { startFakeBinance } from "../fakes/fake-binance.ts";
import { makeTestApp, type TestApp } from "../support/test-app.ts";
import {
  buyBody,
  expectStatus,
  giveKeys,
  interceptPaperPlans,
  setUser,
} from "../api/transactions-fixtures.ts";

async function setup() {
  const t = await makeTestApp();
  const u = await t.user("SuperAdmin");
  await giveKeys(t, u.id, "binance");
  t.market.sim("binance")!.setPrice("btc_usdt", "60000");
  const open = async (body: Record<string, unknown> = {}) =>
    (await expectStatus(t, 201, "POST", "/api/transaction", {
      token: u.token,
      body: buyBody(t, { amount: "600", sellPrice: "60600", ...body }),
    })).transaction.id as number;
  const row = async (id: number) =>
    (await t.deps.db.select().from(transactions).where(eq(transactions.id, id)))[0];
  const btc = async () =>
    (await t.deps.db.select().from(paperBalances).where(eq(paperBalances.asset, "BTC")))[0].free;
  const claim = (id: number, at: Date, values: Partial<typeof transactions.$inferInsert> = {}) =>
    t.deps.db.update(transactions).set({ closingSince: at, ...values })
      .where(eq(transactions.id, id));
  return { t, open, row, btc, claim };
}

const ago = (t: TestApp, ms: number) => new Date(t.clock.now().getTime() - ms);

Deno.test("releaseInterruptedClaims() frees paper claims cut off mid-close, so they close once", async () => {
  const s = await setup();
  const worker = new BotWorker(s.t.deps);
  try {
    const [cut, told, live] = [await s.open(), await s.open(), await s.open()];
    // A worker died after claiming `cut`; `told` was left for a person (its owner was told);
    // `live` went to a real exchange, where the order may exist.
    await s.claim(cut, ago(s.t, 5000));
    await s.claim(told, ago(s.t, 5000), { closeErrorAt: s.t.clock.now() });
    await s.claim(live, ago(s.t, 5000), { adapter: "binance" });
    // Three buys of 0.01, each less Binance's 0.1% fee.
    assert.equal(await s.btc(), "2.02997000");

    assert.equal(await releaseInterruptedClaims(s.t.deps.db), 1);
    assert.equal((await s.row(cut)).closingSince, null);
    assert.notEqual((await s.row(told)).closingSince, null);
    assert.notEqual((await s.row(live)).closingSince, null);

    worker.start();
    s.t.market.sim("binance")!.setPrice("btc_usdt", "60600");
    await worker.idle();
    const closed = await s.row(cut);
    assert.equal(closed.status, "DONE");
    assert.equal(closed.closeOrderId, `paper-tx${cut}c`);
    // Only `cut` sold what arrived (0.00999 BTC): the claimed ones were left alone.
    assert.equal(await s.btc(), "2.01998000");
  } finally {
    await worker.stop();
    await s.t.close();
  }
});

Deno.test("worker: a paper close whose claim was taken over meanwhile neither records nor fills", async () => {
  const s = await setup();
  const id = await s.open();
  const takenAt = new Date(s.t.clock.now().getTime() + 1);
  // Between this worker's claim and its close, another engine released the claim and claimed the
  // row again (engine/claims.ts): this worker's close must come to nothing.
  s.t.deps.exchanges = interceptPaperPlans(s.t.deps.exchanges, async (_account, _order, next) => {
    await s.claim(id, takenAt);
    return await next();
  });
  const worker = new BotWorker(s.t.deps);
  try {
    s.t.market.sim("binance")!.setPrice("btc_usdt", "60600");
    worker.start();
    await worker.idle();
    const row = await s.row(id);
    assert.equal(row.status, "BUY");
    assert.equal(row.closingSince?.getTime(), takenAt.getTime());
    // The buy's 0.01 less its fee, all still held.
    assert.equal(await s.btc(), "2.00999000");
  } finally {
    await worker.stop();
    await s.t.close();
  }
});

Deno.test("lookUpInterruptedClaims() records a dead engine's live close the exchange filled, and frees one it never took", async () => {
  const clock = new ManualClock();
  const binance = startFakeBinance({
    now: () => clock.now().getTime(),
    balances: { USDT: "100000", BTC: "1" },
  });
  const t = await makeTestApp(
    { EXCHANGE_ADAPTER: "live", BINANCE_REST_URL: binance.restUrl },
    { clock },
  );
  try {
    await t.deps.exchanges.start();
    const u = await t.user("SuperAdmin");
    await setUser(t, u.id, {
      [TRADING_KEY_FIELDS.binance[0]]: await t.deps.secretBox.seal(binance.apiKey),
      [TRADING_KEY_FIELDS.binance[1]]: await t.deps.secretBox.seal(binance.secret),
    });
    t.deps.orderLookup = { delaysMs: [0], sleep: () => Promise.resolve() };
    t.market.sim("binance")!.setPrice("btc_usdt", "60000.12");
    binance.bookTicker("BTCUSDT", "60000.12", "60000.12");
    const open = async () => {
      const res = await t.call("POST", "/api/transaction", {
        token: u.token,
        body: buyBody(t, { amount: "100", sellPrice: "60600" }),
      });
      assert.equal(res.status, 201);
      return (await res.json()).transaction.id as number;
    };
    const [placed, notPlaced] = [await open(), await open()];
    const row = async (id: number) =>
      (await t.deps.db.select().from(transactions).where(eq(transactions.id, id)))[0];
    // The dead engine had claimed both; it placed the first one's close, then died.
    const first = await row(placed);
    const { adapter, account } = await closingAccount(t.deps, first);
    await adapter.placeOrder(account, {
      pair: "btc_usdt",
      side: "SELL",
      type: "market",
      ...closingSize(first, "SELL"),
      clientOrderId: `tx${placed}c`,
    });
    await t.deps.db.update(transactions).set({ closingSince: clock.now() })
      .where(inArray(transactions.id, [placed, notPlaced]));

    assert.deepEqual(await lookUpInterruptedClaims(t.deps), {
      recorded: 1,
      released: 1,
      unknown: 0,
    });
    const done = await row(placed);
    assert.equal(done.status, "DONE");
    assert.match(done.closeOrderId ?? "", /^\d+$/);
    assert.equal(done.closingSince, null);
    const freed = await row(notPlaced);
    assert.equal(freed.status, "BUY");
    assert.equal(freed.closingSince, null);

    // The market reaches the target: the worker closes the freed one; no close is sent twice.
    t.market.sim("binance")!.setPrice("btc_usdt", "60700.00");
    binance.bookTicker("BTCUSDT", "60700.00", "60700.00");
    const worker = new BotWorker(t.deps);
    assert.equal(await worker.scan("binance", "btc_usdt"), 1);
    const closes = (id: number) =>
      binance.orders.filter((o) => o.newClientOrderId === `tx${id}c`).length;
    assert.deepEqual([closes(placed), closes(notPlaced)], [1, 1]);
  } finally {
    await t.close();
    await binance.close();
  }
});
