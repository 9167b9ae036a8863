// Multi-account trading: a Lead and above with selectBots places each BUY or SELL once per
// selected bot key, on that key's account; one account failing stops none of the others.
import { answerText, serverText } from "../../web/src/errors/server-messages.ts";
import { languageLoaded } from "../../web/src/i18n/index.ts";
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { BotWorker } from "../../server/bot/worker.ts";
import { ManualClock } from "../../server/core/clock.ts";
import { botKeys, paperBalances, transactions } from "../../server/db/schema.ts";
import type { TradeError, TransactionView } from "../../server/transactions/view.ts";
import { startFakeBinance } from "../fakes/fake-binance.ts";
import { makeTestApp, type TestApp } from "../support/test-app.ts";
import { addBotKey, selectBots } from "./bot-keys-fixtures.ts";
import { buyBody, expectStatus, setUser } from "./transactions-fixtures.ts";

const PRICE = "60000.00";

async function paper(t: TestApp, account: string, asset: string) {
  const [row] = await t.deps.db.select().from(paperBalances)
    .where(and(eq(paperBalances.account, account), eq(paperBalances.asset, asset)));
  return row?.free;
}

/** A paper account that has spent all its USDT: the next BUY on it fails. */
async function drainUsdt(t: TestApp, botKeyId: number) {
  await t.deps.db.insert(paperBalances).values({
    account: `bot:${botKeyId}`,
    asset: "USDT",
    free: "0",
  });
}

function listen(t: TestApp) {
  const errors: { userId: number; error: TradeError }[] = [];
  const changed: TransactionView[] = [];
  t.deps.onTradeError = (userId, error) => errors.push({ userId, error });
  t.deps.onTransactionChanged = (tx) => changed.push(tx);
  return { errors, changed };
}

async function setup(overrides = {}) {
  const t = await makeTestApp(overrides);
  t.market.sim("binance")!.setPrice("btc_usdt", PRICE);
  const admin = await t.user("SuperAdmin");
  const lead = await t.user("Lead");
  const one = await addBotKey(t, admin.token, { exchange: "binance", username: "bot_one" });
  const two = await addBotKey(t, admin.token, { exchange: "binance", username: "bot_two" });
  return { t, admin, lead, one, two };
}

Deno.test("bots: a Lead's BUY is placed once per selected key on that key's paper account", async () => {
  const { t, lead, one, two } = await setup();
  try {
    const seen = listen(t);
    await selectBots(t, lead, [two.id, one.id]);
    // The Lead has no exchange keys of their own: the bot accounts trade.
    const res = await expectStatus(t, 201, "POST", "/api/transaction", {
      token: lead.token,
      body: buyBody(t, { amount: "120", useBot: "buy_sell", sellPrice: "60600" }),
    });
    const placed = [res.transaction, ...res.extraTransactions];
    assert.deepEqual(placed.map((x: TransactionView) => x.botKeyId), [one.id, two.id]);
    for (const tx of placed) {
      assert.equal(tx.userId, lead.id);
      assert.equal(tx.status, "BUY");
      assert.equal(tx.adapter, "paper");
      assert.equal(tx.quantity, "0.00200000");
      assert.equal(tx.orderId, `paper-tx${tx.id}`);
    }
    assert.deepEqual(res.extraErrors, []);
    assert.deepEqual(
      res.botResults.map((r: { botKeyId: number; username: string; error: null }) => [
        r.botKeyId,
        r.username,
        r.error,
      ]),
      [[one.id, "bot_one", null], [two.id, "bot_two", null]],
    );
    for (const bot of [one, two]) {
      // 0.002 bought, less Binance's 0.1% taken from it.
      assert.equal(await paper(t, `bot:${bot.id}`, "BTC"), "2.00199800");
      assert.equal(await paper(t, `bot:${bot.id}`, "USDT"), "99880.00000000");
    }
    assert.equal(await paper(t, `user:${lead.id}`, "BTC"), undefined);
    assert.deepEqual(seen.changed.map((c) => c.id).sort(), placed.map((p) => p.id).sort());
    assert.deepEqual(seen.errors, []);
  } finally {
    await t.close();
  }
});

Deno.test("bots: one account failing is reported with BUY_ERROR and stops none of the others", async () => {
  const { t, lead, one, two } = await setup();
  try {
    const seen = listen(t);
    await selectBots(t, lead, [one.id, two.id]);
    await drainUsdt(t, one.id);
    const res = await expectStatus(t, 201, "POST", "/api/transaction", {
      token: lead.token,
      body: buyBody(t, { amount: "120", useBot: "only_buy" }),
    });
    assert.equal(res.transaction.botKeyId, two.id);
    assert.equal(res.transaction.status, "DONE");
    assert.deepEqual(res.extraTransactions, []);
    const message = "bot_one: Insufficient balance: 120 USDT needed, 0 USDT available";
    assert.deepEqual(res.extraErrors, [message]);
    assert.equal(res.botResults[0].transaction, null);
    assert.equal(res.botResults[0].error, message);
    assert.equal(res.botResults[1].transaction.id, res.transaction.id);
    assert.equal(seen.errors.length, 1);
    assert.equal(seen.errors[0].userId, lead.id);
    assert.equal(seen.errors[0].error.action, "BUY");
    assert.equal(seen.errors[0].error.message, message);
    assert.ok(seen.errors[0].error.transactionId > 0);
    // Coded too: the client words the key's failure in the trader's language.
    const said = {
      code: "bots.failed",
      params: {
        needed: "120",
        asset: "USDT",
        available: "0",
        failureCode: "exchange.insufficientFunds",
        bot: "bot_one",
        failure: "Insufficient balance: 120 USDT needed, 0 USDT available",
      },
    };
    assert.deepEqual(res.extraErrorMessages, [said]);
    assert.deepEqual(
      { code: seen.errors[0].error.code, params: seen.errors[0].error.params },
      said,
    );
    await languageLoaded("zh");
    assert.equal(
      serverText("bots.failed", said.params, "zh"),
      "bot_one：余额不足：需要 120 USDT，可用 0 USDT",
    );
    const rows = await t.deps.db.select().from(transactions);
    assert.deepEqual(rows.map((r) => r.botKeyId), [two.id]);
  } finally {
    await t.close();
  }
});

Deno.test("bots: every account failing answers each key's message on its own line and records nothing", async () => {
  const { t, lead, one, two } = await setup();
  try {
    const seen = listen(t);
    await selectBots(t, lead, [one.id, two.id]);
    await setUser(t, lead.id, { coinTradingAmount: "5" });
    const res = await expectStatus(t, 400, "POST", "/api/transaction", {
      token: lead.token,
      body: buyBody(t, { status: "SELL", useBot: "sell_buy", buyPrice: "59000" }),
    });
    assert.equal(
      res.message,
      "bot_one: Insufficient balance: 5 BTC needed, 2 BTC available\n" +
        "bot_two: Insufficient balance: 5 BTC needed, 2 BTC available",
    );
    // Each line coded too: the client words every key's failure in the trader's language.
    const line = (bot: string) => ({
      code: "bots.failed",
      params: {
        needed: "5",
        asset: "BTC",
        available: "2",
        failureCode: "exchange.insufficientFunds",
        bot,
        failure: "Insufficient balance: 5 BTC needed, 2 BTC available",
      },
    });
    assert.deepEqual(
      { code: res.code, params: res.params, lines: res.lines },
      {
        code: "bots.allFailed",
        params: { details: res.message },
        lines: [line("bot_one"), line("bot_two")],
      },
    );
    assert.equal(answerText(res, "en"), res.message);
    await languageLoaded("fr");
    assert.equal(
      answerText(res, "fr"),
      "Aucun compte bot n'a pu passer l'ordre :\n" +
        "bot_one : Solde insuffisant : 5 BTC nécessaires, 2 BTC disponibles\n" +
        "bot_two : Solde insuffisant : 5 BTC nécessaires, 2 BTC disponibles",
    );
    assert.deepEqual(seen.errors.map((e) => e.error.action), ["SELL", "SELL"]);
    assert.equal((await t.deps.db.select().from(transactions)).length, 0);
  } finally {
    await t.close();
  }
});

Deno.test("bots: only the traded exchange's live keys count; Users, withBot false and NFT pairs trade alone", async () => {
  const { t, admin, lead, one, two } = await setup();
  try {
    const gateKey = await addBotKey(t, admin.token, { exchange: "gate", username: "gate_bot" });
    await selectBots(t, lead, [gateKey.id]);
    // No Binance key selected: the Lead's own account trades, and bot modes need their own keys.
    const own = await expectStatus(t, 400, "POST", "/api/transaction", {
      token: lead.token,
      body: buyBody(t),
    });
    assert.equal(own.message, "Please update Key/Secret for Binance first");
    const recorded = await expectStatus(t, 201, "POST", "/api/transaction", {
      token: lead.token,
      body: buyBody(t, { useBot: "none" }),
    });
    assert.equal(recorded.transaction.botKeyId, null);
    assert.equal(recorded.botResults, undefined);

    await selectBots(t, lead, [one.id, two.id]);
    const alone = await expectStatus(t, 201, "POST", "/api/transaction", {
      token: lead.token,
      body: buyBody(t, { useBot: "none", withBot: false }),
    });
    assert.equal(alone.transaction.botKeyId, null);
    assert.equal(alone.transaction.adapter, "none");
    // A deleted key is no longer traded on.
    await t.deps.db.update(botKeys).set({ deletedAt: new Date() }).where(eq(botKeys.id, two.id));
    const onlyOne = await expectStatus(t, 201, "POST", "/api/transaction", {
      token: lead.token,
      body: buyBody(t, { useBot: "none" }),
    });
    assert.deepEqual(onlyOne.botResults.map((r: { botKeyId: number }) => r.botKeyId), [one.id]);
    // NFT pairs have no exchange market: recorded for the Lead alone.
    const nft = await expectStatus(t, 201, "POST", "/api/transaction", {
      token: lead.token,
      body: buyBody(t, {
        pair: "ub_nft",
        marketPrice: "12.5",
        buyPrice: "12.5",
        sellPrice: "13",
        assetId: "4711",
      }),
    });
    assert.equal(nft.transaction.botKeyId, null);

    // A User cannot select bots, so a stored selection is ignored.
    const user = await t.user("User");
    t.deps.callGate = () => true;
    await setUser(t, user.id, { selectBots: [one.id], useBot: "buy_sell" });
    const userRes = await expectStatus(t, 400, "POST", "/api/transaction", {
      token: user.token,
      body: buyBody(t),
    });
    assert.equal(userRes.message, "Please update Key/Secret for Binance first");
  } finally {
    await t.close();
  }
});

Deno.test("bots: the bot worker closes a bot key's buy_sell BUY on that key's account", async () => {
  const { t, lead, one } = await setup();
  try {
    await selectBots(t, lead, [one.id]);
    const res = await expectStatus(t, 201, "POST", "/api/transaction", {
      token: lead.token,
      body: buyBody(t, { amount: "120", useBot: "buy_sell", sellPrice: "61000" }),
    });
    t.market.sim("binance")!.setPrice("btc_usdt", "61000");
    const worker = new BotWorker(t.deps, { log: () => {} });
    assert.equal(await worker.scan("binance", "btc_usdt"), 1);
    const [row] = await t.deps.db.select().from(transactions)
      .where(eq(transactions.id, res.transaction.id));
    assert.equal(row.status, "DONE");
    assert.equal(row.closeOrderId, `paper-tx${row.id}c`);
    // Bought 0.002 at 60000 (0.001998 arrived after the fee); sold 0.00199 (the lot step, leaving
    // 0.000008 of dust) at 61000 for 121.39 less its 0.12139 fee: the account made 1.26861 USDT.
    assert.equal(await paper(t, `bot:${one.id}`, "BTC"), "2.00000800");
    assert.equal(await paper(t, `bot:${one.id}`, "USDT"), "100001.26861000");
  } finally {
    await t.close();
  }
});

Deno.test("bots: live keys trade on the exchange with their own credentials; a refused key is its own error", async () => {
  const clock = new ManualClock();
  const binance = startFakeBinance({ now: () => clock.now().getTime() });
  const t = await makeTestApp({ EXCHANGE_ADAPTER: "live", BINANCE_REST_URL: binance.restUrl }, {
    clock,
  });
  try {
    t.market.sim("binance")!.setPrice("btc_usdt", PRICE);
    binance.bookTicker("BTCUSDT", PRICE);
    const admin = await t.user("SuperAdmin");
    const lead = await t.user("Lead");
    const good = await addBotKey(t, admin.token, {
      exchange: "binance",
      username: "bn_good",
      key: binance.apiKey,
      secret: binance.secret,
    });
    const bad = await addBotKey(t, admin.token, {
      exchange: "binance",
      username: "bn_bad",
      key: "someone-elses-key",
      secret: binance.secret,
    });
    const seen = listen(t);
    await selectBots(t, lead, [good.id, bad.id]);
    const res = await expectStatus(t, 201, "POST", "/api/transaction", {
      token: lead.token,
      body: buyBody(t, { amount: "120", useBot: "only_buy" }),
    });
    assert.equal(res.transaction.botKeyId, good.id);
    assert.equal(res.transaction.adapter, "binance");
    assert.equal(res.transaction.orderId, "1000");
    assert.equal(binance.orders.length, 1);
    assert.equal(binance.orders[0].newClientOrderId, `tx${res.transaction.id}`);
    assert.deepEqual(res.extraErrors, [
      "bn_bad: Binance refused the API key: Invalid API-key, IP, or permissions for action.",
    ]);
    assert.deepEqual(seen.errors.map((e) => e.error.action), ["BUY"]);
  } finally {
    await t.close();
    await binance.close();
  }
});
