// Trading halts and limits: every order path is refused while a halt holds, in the caller's
// language; releases and limits are audited; the bot worker keeps closing unless told not to.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { createApp } from "../../server/app.ts";
import { BotWorker } from "../../server/bot/worker.ts";
import { ManualClock } from "../../server/core/clock.ts";
import { auditLog, transactions } from "../../server/db/schema.ts";
import { caller, makeTestApp, type TestApp, type TestUser } from "../support/test-app.ts";
import { addBotKey, selectBots } from "./bot-keys-fixtures.ts";
import { buyBody, expectStatus, giveKeys, json, setUser } from "./transactions-fixtures.ts";

const PRICE = "60000.00";

async function setup(clock?: ManualClock) {
  const t = await makeTestApp({}, { clock });
  t.market.sim("binance")!.setPrice("btc_usdt", PRICE);
  t.market.sim("gate")!.setPrice("btc_usdt", PRICE);
  const admin = await t.user("Admin");
  const trader = await t.user("Lead");
  await giveKeys(t, trader.id, "binance");
  await giveKeys(t, trader.id, "gate");
  return { t, admin, trader };
}

const halt = (t: TestApp, admin: TestUser, body: Record<string, unknown>) =>
  expectStatus(t, 201, "POST", "/api/trading-halts", { token: admin.token, body });

const buy = (t: TestApp, u: TestUser, overrides: Record<string, unknown> = {}) =>
  t.call("POST", "/api/transaction", { token: u.token, body: buyBody(t, overrides) });

const count = async (t: TestApp) => (await t.deps.db.select().from(transactions)).length;

async function refused(res: Response, message: string) {
  const body = await json(res);
  assert.equal(res.status, 403, JSON.stringify(body));
  assert.equal(body.message, message);
}

Deno.test("halts: a halt for everyone refuses orders with its reason until released, audited", async () => {
  const { t, admin, trader } = await setup();
  try {
    const h = await halt(t, admin, { scope: "all", reason: "Bad feed" });
    assert.equal(h.createdBy, admin.username);
    await refused(await buy(t, trader), "Trading is halted: Bad feed");
    // Coded, so the client words it in the user's language.
    const coded = await json(await buy(t, trader));
    assert.equal(coded.code, "halts.all");
    assert.deepEqual(coded.params, { reason: "Bad feed", exchange: "Binance" });
    assert.equal(await count(t), 0);

    const seen = await expectStatus(t, 200, "GET", "/api/trading-halts", { token: trader.token });
    assert.deepEqual(seen.map((x: { reason: string }) => x.reason), ["Bad feed"]);

    await expectStatus(t, 200, "POST", `/api/trading-halts/${h.id}/release`, {
      token: admin.token,
    });
    await expectStatus(t, 404, "POST", `/api/trading-halts/${h.id}/release`, {
      token: admin.token,
    });
    assert.equal((await buy(t, trader)).status, 201);
    assert.deepEqual(
      await expectStatus(t, 200, "GET", "/api/trading-halts", { token: admin.token }),
      [],
    );

    const audit = await t.deps.db.select().from(auditLog).orderBy(auditLog.id);
    const trading = audit.filter((a) => a.action.startsWith("trading."));
    assert.deepEqual(trading.map((a) => [a.action, a.actorId, a.details.reason]), [
      ["trading.halted", admin.id, "Bad feed"],
      ["trading.released", admin.id, "Bad feed"],
    ]);
  } finally {
    await t.close();
  }
});

Deno.test("halts: only Admin and SuperAdmin halt; bad input is a 400 naming the field", async () => {
  const { t, admin } = await setup();
  try {
    for (const role of ["User", "Lead"] as const) {
      const u = await t.user(role);
      await expectStatus(t, 403, "POST", "/api/trading-halts", {
        token: u.token,
        body: { scope: "all", reason: "x" },
      });
      await expectStatus(t, 403, "GET", "/api/trading-limits", { token: u.token });
    }
    const missing = await expectStatus(t, 400, "POST", "/api/trading-halts", {
      token: admin.token,
      body: { scope: "exchange", reason: "Gate incident" },
    });
    assert.equal(missing.field, "exchange");
    const blank = await expectStatus(t, 400, "POST", "/api/trading-halts", {
      token: admin.token,
      body: { scope: "all", reason: "  " },
    });
    assert.equal(blank.field, "reason");
    await expectStatus(t, 404, "POST", "/api/trading-halts", {
      token: admin.token,
      body: { scope: "user", userId: 9999, reason: "x" },
    });
    const audit = await t.deps.db.select().from(auditLog);
    assert.deepEqual(audit.filter((a) => a.action.startsWith("trading.")), []);
  } finally {
    await t.close();
  }
});

Deno.test("halts: an exchange's halt spares the other; a user's halt spares other users", async () => {
  const { t, admin, trader } = await setup();
  try {
    const other = await t.user("Lead", "other_lead");
    await giveKeys(t, other.id, "binance");
    await halt(t, admin, { scope: "exchange", exchange: "gate", reason: "Gate incident" });
    await refused(
      await buy(t, trader, { exchange: "gate" }),
      "Trading on Gate is halted: Gate incident",
    );
    assert.equal((await buy(t, trader)).status, 201);

    await halt(t, admin, { scope: "user", userId: trader.id, reason: "Review" });
    await refused(await buy(t, trader), "Your trading is halted: Review");
    assert.equal((await buy(t, other)).status, 201);
    // Another user sees the exchange's halt but not someone else's.
    const seen = await expectStatus(t, 200, "GET", "/api/trading-halts", { token: other.token });
    assert.deepEqual(seen.map((x: { scope: string }) => x.scope), ["exchange"]);
  } finally {
    await t.close();
  }
});

Deno.test("halts: call, bot follow-up and multi-account orders are refused too", async () => {
  const { t, admin, trader } = await setup();
  try {
    const call = await expectStatus(t, 201, "POST", "/api/calls", {
      token: admin.token,
      body: { target: "BUY", count: 1 },
    });
    await halt(t, admin, { scope: "all", reason: "Stop" });
    await refused(await buy(t, trader, { callId: call.id }), "Trading is halted: Stop");

    await setUser(t, trader.id, { numberOfTran: 3 });
    await refused(await buy(t, trader), "Trading is halted: Stop");

    const owner = await t.user("SuperAdmin");
    const one = await addBotKey(t, owner.token, { exchange: "binance", username: "bot_one" });
    const two = await addBotKey(t, owner.token, { exchange: "binance", username: "bot_two" });
    await selectBots(t, trader, [one.id, two.id]);
    await refused(await buy(t, trader), "Trading is halted: Stop");
    assert.equal(await count(t), 0);
  } finally {
    await t.close();
  }
});

Deno.test("halts: the bot worker keeps closing unless the halt stops closing too", async () => {
  const { t, admin, trader } = await setup();
  const worker = new BotWorker(t.deps, { log: () => {} });
  try {
    const open = async () =>
      (await expectStatus(t, 201, "POST", "/api/transaction", {
        token: trader.token,
        body: buyBody(t, { sellPrice: "60600" }),
      })).transaction.id;
    const status = async (id: number) =>
      (await t.deps.db.select().from(transactions).where(eq(transactions.id, id)))[0].status;
    const first = await open();
    const second = await open();
    t.market.sim("binance")!.setPrice("btc_usdt", "60000.00");

    await halt(t, admin, { scope: "user", userId: trader.id, reason: "x", stopsClosing: true });
    const h = await halt(t, admin, { scope: "all", reason: "Opening only" });
    t.market.sim("binance")!.setPrice("btc_usdt", "60700.00");
    // The user's halt stops their closes; the opening-only halt stops none.
    assert.equal(await worker.scan("binance", "btc_usdt"), 0);
    assert.equal(await status(first), "BUY");

    await t.call("POST", "/api/trading-halts/1/release", { token: admin.token });
    await t.call("POST", `/api/trading-halts/${h.id}/release`, { token: admin.token });
    await halt(t, admin, {
      scope: "exchange",
      exchange: "binance",
      reason: "y",
      stopsClosing: true,
    });
    assert.equal(await worker.scan("binance", "btc_usdt"), 0);

    await t.call("POST", "/api/trading-halts/3/release", { token: admin.token });
    await halt(t, admin, { scope: "all", reason: "Opening only" });
    assert.equal(await worker.scan("binance", "btc_usdt"), 2);
    assert.deepEqual([await status(first), await status(second)], ["DONE", "DONE"]);
  } finally {
    await worker.stop();
    await t.close();
  }
});

Deno.test("halts: a halt survives a restart (another app on the same database)", async () => {
  const { t, admin, trader } = await setup();
  try {
    await halt(t, admin, { scope: "all", reason: "Overnight" });
    const restarted = caller(createApp({ ...t.deps, realtime: undefined }));
    const res = await restarted("POST", "/api/transaction", {
      token: trader.token,
      body: buyBody(t),
    });
    await refused(res, "Trading is halted: Overnight");
  } finally {
    await t.close();
  }
});

Deno.test("limits: per order and per day, per exchange; the refusal names the limit", async () => {
  // 20:00 UTC: the next day begins within the sessions' 12 hours.
  const { t, admin, trader } = await setup(new ManualClock(Date.UTC(2026, 0, 1, 20)));
  try {
    const set = (body: Record<string, unknown>) =>
      expectStatus(t, 200, "PUT", "/api/trading-limits", {
        token: admin.token,
        body: { userId: trader.id, exchange: "binance", ...body },
      });
    const limits = await set({ maxPerOrder: "500", maxPerDay: "1000" });
    assert.deepEqual(limits.map((l: { maxPerOrder: string }) => l.maxPerOrder), ["500.00000000"]);

    await refused(
      await buy(t, trader, { amount: "600" }),
      "Limit per order on Binance exceeded: 600 is above your maximum of 500",
    );
    assert.equal((await buy(t, trader, { amount: "400" })).status, 201);
    assert.equal((await buy(t, trader, { amount: "400" })).status, 201);
    await refused(
      await buy(t, trader, { amount: "300" }),
      "Limit per day on Binance exceeded: 300 would bring today's total to 1100, " +
        "above your maximum of 1000",
    );
    // Gate has no limit; the next UTC day starts from zero.
    assert.equal((await buy(t, trader, { amount: "600", exchange: "gate" })).status, 201);
    t.clock.advance(5 * 3600_000);
    t.market.sim("binance")!.setPrice("btc_usdt", PRICE);
    assert.equal((await buy(t, trader, { amount: "300" })).status, 201);

    const bad = await expectStatus(t, 400, "PUT", "/api/trading-limits", {
      token: admin.token,
      body: { userId: trader.id, exchange: "binance", maxPerOrder: "-1", maxPerDay: null },
    });
    assert.equal(bad.field, "maxPerOrder");
    assert.deepEqual(await set({ maxPerOrder: null, maxPerDay: null }), []);
    assert.equal((await buy(t, trader, { amount: "5000" })).status, 201);
    const audit = await t.deps.db.select().from(auditLog);
    assert.equal(audit.filter((a) => a.action === "trading.limits_set").length, 2);
  } finally {
    await t.close();
  }
});

Deno.test("limits: orders sent at once never pass the daily maximum together", async () => {
  const { t, admin, trader } = await setup();
  try {
    await expectStatus(t, 200, "PUT", "/api/trading-limits", {
      token: admin.token,
      body: { userId: trader.id, exchange: "binance", maxPerOrder: null, maxPerDay: "1000" },
    });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => buy(t, trader, { amount: "300" })),
    );
    const statuses = answers.map((r) => r.status).sort();
    assert.deepEqual(statuses, [201, 201, 201, 403, 403, 403]);
    for (const res of answers.filter((r) => r.status === 403)) {
      await refused(
        res,
        "Limit per day on Binance exceeded: 300 would bring today's total to 1200, " +
          "above your maximum of 1000",
      );
    }
    await Promise.all(answers.filter((r) => r.status === 201).map((r) => r.body?.cancel()));
    const rows = await t.deps.db.select().from(transactions);
    assert.equal(rows.length, 3);
    // The same user on Gate is not held up.
    assert.equal((await buy(t, trader, { amount: "600", exchange: "gate" })).status, 201);
  } finally {
    await t.close();
  }
});
