// Reconciliation (docs/trading.md#reconciliation): each account's balances against the ledger since
// its last checkpoint. A paper account that only traded stays ok; money moved outside the ledger is
// a drift with the rows involved, audited once, and becomes the checkpoint when acknowledged; only
// Admins may look; a live account read from fake Binance counts its fees.
import assert from "node:assert/strict";
import { and, eq, sql } from "drizzle-orm";
import { auditLog, paperBalances, transactions, users } from "../../server/db/schema.ts";
import { BotWorker } from "../../server/bot/worker.ts";
import { Reconciler } from "../../server/reconciliation/schedule.ts";
import { CHECK_EVERY_MS } from "../../server/reconciliation/checks.ts";
import type { CheckView, ReconciliationView } from "../../server/reconciliation/schema.ts";
import { TRADING_KEY_FIELDS } from "../../server/keys/schema.ts";
import { makeTestApp, type TestApp, type TestUser } from "../support/test-app.ts";
import { addBotKey } from "./bot-keys-fixtures.ts";
import { buyBody, expectStatus, giveKeys, setUser } from "./transactions-fixtures.ts";
import { buy as liveBuy, close, LEVEL, price, setup as liveSetup } from "./live-fixtures.ts";

async function setup() {
  const t = await makeTestApp();
  t.market.sim("binance")!.setPrice("btc_usdt", "60000.00");
  const admin = await t.user("Admin");
  const trader = await t.user("Lead");
  await giveKeys(t, trader.id, "binance");
  await setUser(t, trader.id, { coinTradingAmount: "0.004" });
  return { t, admin, trader };
}

const trade = async (t: TestApp, u: TestUser, side: "BUY" | "SELL") =>
  (await expectStatus(t, 201, "POST", "/api/transaction", {
    token: u.token,
    body: side === "BUY"
      ? buyBody(t, { amount: "600" })
      : buyBody(t, { status: "SELL", useBot: "sell_buy" }),
  })).transaction;

const run = (t: TestApp, u: TestUser): Promise<ReconciliationView> =>
  expectStatus(t, 200, "POST", "/api/reconciliation/run", { token: u.token });

const accountOf = (view: ReconciliationView, account: string): CheckView => {
  const found = view.checks.find((c) => c.account === account);
  assert.ok(found, `no check of ${account}: ${JSON.stringify(view)}`);
  return found;
};

const audits = async (t: TestApp) =>
  (await t.deps.db.select().from(auditLog).orderBy(auditLog.id))
    .filter((a) => a.action.startsWith("reconciliation."));

Deno.test("reconciliation: a paper account that only traded stays ok, its fills listed", async () => {
  const { t, admin, trader } = await setup();
  try {
    const account = `user:${trader.id}`;
    await trade(t, trader, "BUY");
    const first = accountOf(await run(t, admin), account);
    assert.equal(first.state, "ok");
    assert.equal(first.first, true);
    assert.equal(first.exchange, "none");
    assert.equal(first.adapter, "paper");
    assert.equal(first.owner.name, trader.username);

    t.clock.advance(60_000);
    const bought = await trade(t, trader, "BUY");
    const sold = await trade(t, trader, "SELL");
    t.clock.advance(1_000);
    const view = await run(t, admin);
    const check = accountOf(view, account);
    assert.equal(check.state, "ok", JSON.stringify(check));
    assert.equal(check.first, false);
    assert.deepEqual(check.drift, []);
    assert.deepEqual(
      check.transactions.map((r) => [r.id, r.leg, r.side, r.quantity, r.price]),
      [
        [bought.id, "open", "BUY", bought.filledQuantity, bought.avgPrice],
        [sold.id, "open", "SELL", sold.filledQuantity, sold.avgPrice],
      ],
    );
    assert.equal(view.openDrifts, 0);
    assert.deepEqual(await audits(t), []);
  } finally {
    await t.close();
  }
});

Deno.test("reconciliation: money moved outside the ledger is a drift with its rows, audited once, acknowledged into the checkpoint", async () => {
  const { t, admin, trader } = await setup();
  try {
    const account = `user:${trader.id}`;
    await trade(t, trader, "BUY");
    await run(t, admin);
    t.clock.advance(60_000);
    const bought = await trade(t, trader, "BUY");
    // Someone credits the account by hand: 5 USDT the ledger never saw.
    await t.deps.db.update(paperBalances)
      .set({ free: sql`${paperBalances.free} + 5` })
      .where(and(eq(paperBalances.account, account), eq(paperBalances.asset, "USDT")));
    t.clock.advance(1_000);
    const view = await run(t, admin);
    const drift = accountOf(view, account);
    assert.equal(drift.state, "drift");
    assert.equal(view.openDrifts, 1);
    assert.equal(drift.drift.length, 1);
    assert.equal(drift.drift[0].asset, "USDT");
    assert.equal(drift.drift[0].difference, "5");
    assert.equal(
      Number(drift.drift[0].actual) - Number(drift.drift[0].expected),
      5,
    );
    assert.deepEqual(drift.transactions.map((r) => [r.id, r.leg]), [[bought.id, "open"]]);

    // The same drift at the next check is not audited again, and stays on the page.
    t.clock.advance(CHECK_EVERY_MS);
    assert.equal((await run(t, admin)).openDrifts, 1);
    const recorded = await audits(t);
    assert.deepEqual(recorded.map((a) => [a.action, a.actorId, a.targetUserId]), [
      ["reconciliation.drift", admin.id, trader.id],
    ]);
    assert.deepEqual(recorded[0].details.drift, { USDT: "5" });
    assert.deepEqual(recorded[0].details.transactions, [bought.id]);

    // Only the account's latest check can be acknowledged.
    await expectStatus(t, 409, "POST", `/api/reconciliation/${drift.id}/acknowledge`, {
      token: admin.token,
    });
    const latest = accountOf(
      await expectStatus(t, 200, "GET", "/api/reconciliation", { token: admin.token }),
      account,
    );
    const acked = await expectStatus(
      t,
      200,
      "POST",
      `/api/reconciliation/${latest.id}/acknowledge`,
      { token: admin.token },
    );
    assert.equal(acked.acknowledgedBy, admin.username);
    const again = await expectStatus(
      t,
      409,
      "POST",
      `/api/reconciliation/${latest.id}/acknowledge`,
      { token: admin.token },
    );
    assert.equal(again.code, "reconciliation.notAcknowledgeable");
    assert.equal(
      (await expectStatus(t, 200, "GET", "/api/reconciliation", { token: admin.token }))
        .openDrifts,
      0,
    );
    assert.deepEqual((await audits(t)).map((a) => a.action), [
      "reconciliation.drift",
      "reconciliation.acknowledged",
    ]);

    // The acknowledged balance is the checkpoint: later trades reconcile against it.
    t.clock.advance(60_000);
    await trade(t, trader, "SELL");
    t.clock.advance(1_000);
    const after = accountOf(await run(t, admin), account);
    assert.equal(after.state, "ok", JSON.stringify(after));
    assert.equal(after.transactions.length, 1);
  } finally {
    await t.close();
  }
});

Deno.test("reconciliation: a position opened before the checkpoint and closed by the bot after it counts its close only", async () => {
  const { t, admin, trader } = await setup();
  try {
    const account = `user:${trader.id}`;
    const bought = (await expectStatus(t, 201, "POST", "/api/transaction", {
      token: trader.token,
      body: buyBody(t, { amount: "600", sellPrice: "60600" }),
    })).transaction;
    await run(t, admin);
    t.clock.advance(60_000);
    t.market.sim("binance")!.setPrice("btc_usdt", "60700.00");
    assert.equal(await new BotWorker(t.deps, { log: () => {} }).scan("binance", "btc_usdt"), 1);
    const [closed] = await t.deps.db.select().from(transactions)
      .where(eq(transactions.id, bought.id));
    assert.equal(closed.status, "DONE");
    t.clock.advance(1_000);
    const check = accountOf(await run(t, admin), account);
    assert.equal(check.state, "ok", JSON.stringify(check));
    assert.deepEqual(check.transactions.map((r) => [r.id, r.leg, r.side, r.price]), [
      [bought.id, "close", "SELL", closed.filledPrice],
    ]);
  } finally {
    await t.close();
  }
});

Deno.test("reconciliation: an order in flight is listed and moves no checkpoint, so its drift clears once it is recorded", async () => {
  const { t, admin, trader } = await setup();
  try {
    const account = `user:${trader.id}`;
    await trade(t, trader, "BUY");
    await run(t, admin);
    t.clock.advance(60_000);
    // The exchange filled it; the ledger does not know yet (its answer was lost).
    const bought = await trade(t, trader, "BUY");
    await t.deps.db.update(transactions).set({ orderState: "pending" })
      .where(eq(transactions.id, bought.id));
    t.clock.advance(1_000);
    const caught = accountOf(await run(t, admin), account);
    assert.equal(caught.state, "drift");
    assert.deepEqual(caught.transactions.map((r) => [r.id, r.leg, r.price]), [
      [bought.id, "pending", null],
    ]);
    // The resolver records the fill: the next check counts it against the same checkpoint.
    await t.deps.db.update(transactions).set({ orderState: null })
      .where(eq(transactions.id, bought.id));
    t.clock.advance(1_000);
    const settled = accountOf(await run(t, admin), account);
    assert.equal(settled.state, "ok", JSON.stringify(settled));
    assert.deepEqual(settled.transactions.map((r) => [r.id, r.leg]), [[bought.id, "open"]]);
    assert.equal((await run(t, admin)).openDrifts, 0);
  } finally {
    await t.close();
  }
});

Deno.test("reconciliation: the engine's schedule checks each account once every 10 minutes", async () => {
  const { t, trader } = await setup();
  try {
    const superAdmin = await t.user("SuperAdmin");
    const key = await addBotKey(t, superAdmin.token, { exchange: "binance", username: "desk_1" });
    await trade(t, trader, "BUY");
    const reconciler = new Reconciler(t.deps);
    assert.equal(await reconciler.checkDue(), 2);
    assert.equal(await reconciler.checkDue(), 0);
    t.clock.advance(CHECK_EVERY_MS);
    assert.equal(await reconciler.checkDue(), 2);
    const view = await expectStatus(t, 200, "GET", "/api/reconciliation", {
      token: superAdmin.token,
    });
    assert.deepEqual(
      view.checks.map((c: CheckView) => [c.account, c.state, c.owner.name]),
      [[`bot:${key.id}`, "ok", "desk_1"], [`user:${trader.id}`, "ok", trader.username]],
    );
  } finally {
    await t.close();
  }
});

Deno.test("reconciliation: Users and Leads get 403 on every route, anonymous 401", async () => {
  const { t, admin, trader } = await setup();
  try {
    await trade(t, trader, "BUY");
    const [check] = (await run(t, admin)).checks;
    const user = await t.user("User");
    for (const u of [user, trader]) {
      await expectStatus(t, 403, "GET", "/api/reconciliation", { token: u.token });
      await expectStatus(t, 403, "POST", "/api/reconciliation/run", { token: u.token });
      await expectStatus(t, 403, "POST", `/api/reconciliation/${check.id}/acknowledge`, {
        token: u.token,
      });
    }
    await expectStatus(t, 401, "GET", "/api/reconciliation");
    const superAdmin = await t.user("SuperAdmin");
    await expectStatus(t, 200, "GET", "/api/reconciliation", { token: superAdmin.token });
    await expectStatus(t, 400, "POST", "/api/reconciliation/0/acknowledge", {
      token: superAdmin.token,
    });
  } finally {
    await t.close();
  }
});

Deno.test("reconciliation: a live Binance account counts its fills and fees; a deposit is a drift; no keys is an error", async () => {
  const l = await liveSetup();
  try {
    const { t } = l;
    const [me] = await t.deps.db.select().from(users).where(eq(users.username, "superadmin_1"));
    const account = `user:${me.id}`;
    price(l, "binance", "btc_usdt", LEVEL.btc_usdt);
    assert.equal((await liveBuy(l, "binance", "btc_usdt", "100")).status, 201);
    const call = (method: string, path: string) =>
      expectStatus(t, 200, method, path, { token: l.token });
    assert.equal(accountOf(await call("POST", "/api/reconciliation/run"), account).first, true);

    t.clock.advance(60_000);
    const res = await liveBuy(l, "binance", "btc_usdt", "100");
    const { transaction } = await res.json();
    assert.equal(transaction.feeAsset, "BTC");
    t.clock.advance(1_000);
    const ok = accountOf(await call("POST", "/api/reconciliation/run"), account);
    assert.equal(ok.exchange, "binance");
    assert.equal(ok.state, "ok", JSON.stringify(ok));
    assert.deepEqual(ok.transactions.map((r) => [r.id, r.fee, r.feeAsset]), [
      [transaction.id, transaction.fee, "BTC"],
    ]);

    // A deposit on the exchange: the ledger cannot know it.
    const usdt = l.binance.wallets.get("USDT")!;
    usdt.free = usdt.free.add(250);
    t.clock.advance(60_000);
    const drift = accountOf(await call("POST", "/api/reconciliation/run"), account);
    assert.equal(drift.state, "drift");
    assert.deepEqual(drift.drift.map((d) => [d.asset, d.difference]), [["USDT", "250"]]);
    await call("POST", `/api/reconciliation/${drift.id}/acknowledge`);
    t.clock.advance(60_000);
    assert.equal(accountOf(await call("POST", "/api/reconciliation/run"), account).state, "ok");

    // Keys removed: the balances cannot be read, said in the reader's language.
    await setUser(t, me.id, { [TRADING_KEY_FIELDS.binance[0]]: null });
    t.clock.advance(60_000);
    const error = accountOf(await call("POST", "/api/reconciliation/run"), account);
    assert.equal(error.state, "error");
    assert.equal(error.error?.code, "keys.missing");
  } finally {
    await close(l);
  }
});
