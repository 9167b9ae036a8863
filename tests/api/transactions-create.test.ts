import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { callOutcomes, calls, paperBalances, transactions, users } from "../../server/db/schema.ts";
import { dec } from "../../server/core/decimal.shared.ts";
import type { TransactionView } from "../../server/transactions/view.ts";
import { makeTestApp, type TestApp } from "../support/test-app.ts";
import { buyBody, expectStatus, giveKeys, setUser } from "./transactions-fixtures.ts";

const PRICE = "60000.00";

async function trader(t: TestApp, role: "SuperAdmin" | "Admin" | "Lead" | "User" = "SuperAdmin") {
  const u = await t.user(role);
  await giveKeys(t, u.id, "binance");
  await giveKeys(t, u.id, "gate");
  return u;
}

async function balance(t: TestApp, userId: number, asset: string) {
  const [row] = await t.deps.db.select().from(paperBalances)
    .where(and(eq(paperBalances.account, `user:${userId}`), eq(paperBalances.asset, asset)));
  return row?.free;
}

const count = async (t: TestApp) => (await t.deps.db.select().from(transactions)).length;

Deno.test("create: buy_sell BUY places a paper market buy and stays BUY with the order id", async () => {
  const t = await makeTestApp();
  try {
    t.market.sim("binance")!.setPrice("btc_usdt", PRICE);
    const u = await trader(t);
    const changed: TransactionView[] = [];
    t.deps.onTransactionChanged = (tx) => changed.push(tx);
    const res = await expectStatus(t, 201, "POST", "/api/transaction", {
      token: u.token,
      body: buyBody(t, { amount: "100", sellPrice: "60600", quantity: "999" }),
    });
    assert.equal(res.isFluctuating, false);
    assert.equal(res.marketPrice, "60000.00000000");
    assert.equal(res.lastMarketPrice, PRICE);
    assert.equal(res.tradingAmount, "100.00000000");
    const tx = res.transaction;
    assert.equal(tx.status, "BUY");
    assert.equal(tx.adapter, "paper");
    // The server computes quantity: 100 / 60000 floored to 8 decimals, whatever the client sent.
    assert.equal(tx.quantity, "0.00166666");
    assert.equal(tx.sellPrice, "60600.00000000");
    assert.equal(tx.orderId, `paper-tx${tx.id}`);
    assert.equal(tx.username, u.username);
    assert.deepEqual(changed.map((c) => c.id), [tx.id]);
    // The list reads rows its own way: the same transaction comes out the same, with what it
    // would make closed now: the price has not moved, so the opening fee, 0.00000166 BTC at 60000.
    const list = await expectStatus(t, 200, "GET", "/api/transaction", { token: u.token });
    assert.equal(tx.unrealizedPnl, null);
    assert.deepEqual(list.BUY.items, [{ ...tx, unrealizedPnl: "-0.09960000" }]);
    assert.deepEqual(list.ALL.items, [{ ...tx, unrealizedPnl: "-0.09960000" }]);
    // The order itself goes out on BTCUSDT's LOT_SIZE step (0.00001): that is what filled.
    assert.equal(tx.filledQuantity, "0.00166000");
    assert.equal(tx.avgPrice, "60000.00000000");
    assert.deepEqual([tx.fee, tx.feeAsset], ["0.00000166", "BTC"]);
    assert.equal(await balance(t, u.id, "BTC"), dec(2).add("0.00166").sub("0.00000166").toFixed(8));
    assert.equal(await balance(t, u.id, "USDT"), dec(100000).sub("99.6").toFixed(8));
  } finally {
    await t.close();
  }
});

Deno.test("create: every bot mode gives the status and quantity of the spec", async () => {
  const t = await makeTestApp();
  try {
    t.market.sim("binance")!.setPrice("btc_usdt", PRICE);
    const u = await trader(t);
    await setUser(t, u.id, { coinFunds: "7", coinTradingAmount: "0.01" });
    // coinFunds is what the paper account holds, read at the order, not the stored value.
    await t.deps.db.insert(paperBalances).values({
      account: `user:${u.id}`,
      asset: "BTC",
      free: "0.5",
    });
    const cases = [
      // only_sell sells 95% of coinFunds.
      { useBot: "only_sell", status: "SELL", expect: "DONE", quantity: "0.47500000" },
      { useBot: "none", status: "BUY", expect: "BUY", quantity: "0.00166666", adapter: "none" },
      { useBot: "buy_sell", status: "BUY", expect: "BUY", quantity: "0.00166666" },
      { useBot: "sell_buy", status: "SELL", expect: "SELL", quantity: "0.01000000" },
      { useBot: "only_buy_sell", status: "SELL", expect: "SELL", quantity: "0.01000000" },
      { useBot: "only_buy", status: "BUY", expect: "DONE", quantity: "0.00166666" },
      { useBot: "none", status: "SELL", expect: "SELL", quantity: "0.01000000", adapter: "none" },
    ];
    for (const c of cases) {
      const res = await expectStatus(t, 201, "POST", "/api/transaction", {
        token: u.token,
        body: buyBody(t, { useBot: c.useBot, status: c.status, amount: "100" }),
      });
      const tx = res.transaction;
      assert.equal(tx.status, c.expect, c.useBot);
      assert.equal(tx.quantity, c.quantity, c.useBot);
      assert.equal(tx.adapter, c.adapter ?? "paper", c.useBot);
      assert.equal(tx.orderId === null, c.adapter === "none", c.useBot);
      if (c.status === "SELL") assert.equal(tx.amount, dec(c.quantity).mul(PRICE).toFixed(8));
      // A DONE transaction is complete with its opening fill.
      assert.equal(tx.filledPrice, c.expect === "DONE" ? "60000.00000000" : null, c.useBot);
    }
    assert.equal(await count(t), cases.length);
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, u.id));
    assert.equal(row.coinFunds, "0.50000000", "the value read is kept on the user");
  } finally {
    await t.close();
  }
});

Deno.test("create: a bot mode without stored keys fails with the spec's message and writes nothing", async () => {
  const t = await makeTestApp();
  try {
    const u = await t.user("SuperAdmin");
    for (const [exchange, name] of [["binance", "Binance"], ["gate", "Gate"]]) {
      const res = await expectStatus(t, 400, "POST", "/api/transaction", {
        token: u.token,
        body: buyBody(t, { exchange }),
      });
      assert.equal(res.message, `Please update Key/Secret for ${name} first`);
    }
    await giveKeys(t, u.id, "gate");
    const stillMissing = await expectStatus(t, 400, "POST", "/api/transaction", {
      token: u.token,
      body: buyBody(t, { exchange: "binance" }),
    });
    assert.equal(stillMissing.message, "Please update Key/Secret for Binance first");
    assert.equal(await count(t), 0);
    // Mode none records without keys.
    await expectStatus(t, 201, "POST", "/api/transaction", {
      token: u.token,
      body: buyBody(t, { useBot: "none" }),
    });
  } finally {
    await t.close();
  }
});

Deno.test("create: a client price beyond the tolerance answers isFluctuating and places nothing", async () => {
  const t = await makeTestApp({ FLUCTUATION_TOLERANCE: 0.005 });
  try {
    t.market.sim("binance")!.setPrice("btc_usdt", PRICE);
    const u = await trader(t);
    const res = await expectStatus(t, 200, "POST", "/api/transaction", {
      token: u.token,
      body: buyBody(t, { marketPrice: "60400", amount: "250" }),
    });
    assert.deepEqual(res, {
      isFluctuating: true,
      marketPrice: "60400.00000000",
      lastMarketPrice: PRICE,
      tradingAmount: "250.00000000",
    });
    assert.equal(await count(t), 0);
    assert.equal(await balance(t, u.id, "USDT"), undefined);
    // Within the tolerance (0.5% of 60000 = 300) it goes through.
    const ok = await expectStatus(t, 201, "POST", "/api/transaction", {
      token: u.token,
      body: buyBody(t, { marketPrice: "60299" }),
    });
    assert.equal(ok.isFluctuating, false);
  } finally {
    await t.close();
  }
});

Deno.test("create: an exchange refusal answers its message and stores nothing", async () => {
  const t = await makeTestApp();
  try {
    t.market.sim("binance")!.setPrice("btc_usdt", PRICE);
    const u = await trader(t);
    const res = await expectStatus(t, 400, "POST", "/api/transaction", {
      token: u.token,
      body: buyBody(t, { amount: "1000000" }),
    });
    assert.match(res.message, /Insufficient balance/);
    assert.equal(await count(t), 0);
    assert.equal(await balance(t, u.id, "BTC"), "2.00000000");
  } finally {
    await t.close();
  }
});

Deno.test("create: Users trade only during a call and only on their mode's side; Leads always", async () => {
  const t = await makeTestApp();
  try {
    const user = await trader(t, "User");
    const lead = await trader(t, "Lead");
    let callActive = false;
    t.deps.callGate = (id) => id === user.id && callActive;
    const noCall = await expectStatus(t, 403, "POST", "/api/transaction", {
      token: user.token,
      body: buyBody(t),
    });
    assert.equal(noCall.message, "BUY is active only during a call");
    await expectStatus(t, 201, "POST", "/api/transaction", { token: lead.token, body: buyBody(t) });
    callActive = true;
    await expectStatus(t, 201, "POST", "/api/transaction", { token: user.token, body: buyBody(t) });
    // docs/roles.md#trading-buttons-by-role: SELL needs sell_buy or only_sell; BUY needs buy_sell
    // or only_buy.
    const wrongSide = await expectStatus(t, 403, "POST", "/api/transaction", {
      token: user.token,
      body: buyBody(t, { status: "SELL" }),
    });
    assert.equal(wrongSide.message, "SELL is not active in bot mode buy_sell");
    await expectStatus(t, 403, "POST", "/api/transaction", {
      token: user.token,
      body: buyBody(t, { useBot: "none" }),
    });
    const other = await expectStatus(t, 403, "POST", "/api/transaction", {
      token: user.token,
      body: buyBody(t, { userId: lead.id }),
    });
    assert.equal(other.message, "You can only trade for yourself");
    assert.equal(await count(t), 2);
    assert.equal((await t.call("POST", "/api/transaction", { body: buyBody(t) })).status, 401);
  } finally {
    await t.close();
  }
});

Deno.test("create: pairs are checked against the exchange; NFT pairs are typed, need an asset id, place nothing", async () => {
  const t = await makeTestApp();
  try {
    const u = await trader(t);
    const gateOnly = await expectStatus(t, 400, "POST", "/api/transaction", {
      token: u.token,
      body: buyBody(t, { pair: "mepad_usdt", exchange: "binance" }),
    });
    assert.equal(gateOnly.message, "pair: MEPAD/USDT is not traded on Binance");
    // In the spec's list but not in Binance's markets (Binance.com has no BTCUSD).
    const notTraded = await expectStatus(t, 400, "POST", "/api/transaction", {
      token: u.token,
      body: buyBody(t, { pair: "btc_usd", exchange: "binance" }),
    });
    assert.equal(notTraded.message, "pair: BTC/USD is not traded on Binance");
    await expectStatus(t, 201, "POST", "/api/transaction", {
      token: u.token,
      body: buyBody(t, { pair: "mepad_usdt", exchange: "gate", amount: "10" }),
    });
    await expectStatus(t, 400, "POST", "/api/transaction", {
      token: u.token,
      body: buyBody(t, { pair: "doge_usdt" }),
    });
    const nft = { pair: "ub_nft", marketPrice: "12.5", buyPrice: "12.5", sellPrice: "13" };
    const noAsset = await expectStatus(t, 400, "POST", "/api/transaction", {
      token: u.token,
      body: buyBody(t, nft),
    });
    assert.equal(noAsset.field, "assetId");
    const res = await expectStatus(t, 201, "POST", "/api/transaction", {
      token: u.token,
      body: buyBody(t, { ...nft, assetId: "4711" }),
    });
    assert.equal(res.transaction.adapter, "none");
    assert.equal(res.transaction.assetId, "4711");
    assert.equal(res.transaction.quantity, "8.00000000");
    assert.equal(res.lastMarketPrice, "12.50000000");
  } finally {
    await t.close();
  }
});

Deno.test("create: numberOfTran 3 adds two extra transactions varied 5-20% in amount", async () => {
  const t = await makeTestApp();
  try {
    t.market.sim("binance")!.setPrice("btc_usdt", PRICE);
    const u = await trader(t);
    await setUser(t, u.id, { numberOfTran: 3 });
    const draws = [0.5, 0.9, 0, 0.1];
    t.deps.random = () => draws.shift() ?? 0.5;
    const res = await expectStatus(t, 201, "POST", "/api/transaction", {
      token: u.token,
      body: buyBody(t, { amount: "100" }),
    });
    assert.equal(res.transaction.amount, "100.00000000");
    // Draws 0.5 then 0.9: share 12.5%, up; draws 0 then 0.1: share 5%, down.
    assert.deepEqual(res.extraTransactions.map((x: TransactionView) => x.amount), [
      "112.50000000",
      "95.00000000",
    ]);
    assert.deepEqual(res.extraTransactions.map((x: TransactionView) => x.quantity), [
      "0.00187500",
      "0.00158333",
    ]);
    assert.ok(res.extraTransactions.every((x: TransactionView) => x.orderId && x.status === "BUY"));
    assert.deepEqual(res.extraErrors, []);
    assert.equal(await count(t), 3);
    // withBot false, or mode none: no follow-up.
    await expectStatus(t, 201, "POST", "/api/transaction", {
      token: u.token,
      body: buyBody(t, { withBot: false }),
    });
    await expectStatus(t, 201, "POST", "/api/transaction", {
      token: u.token,
      body: buyBody(t, { useBot: "none" }),
    });
    assert.equal(await count(t), 5);
  } finally {
    await t.close();
  }
});

Deno.test("create: with a callId the purchase records outcome bought for that call", async () => {
  const t = await makeTestApp();
  try {
    const u = await trader(t, "Lead");
    const now = t.clock.now();
    await t.deps.db.insert(calls).values({
      id: "call-1",
      fromUserId: u.id,
      fromUsername: u.username,
      group: "default",
      target: "BUY",
      count: 1,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 20_000),
    });
    const res = await expectStatus(t, 201, "POST", "/api/transaction", {
      token: u.token,
      body: buyBody(t, { callId: "call-1" }),
    });
    assert.equal(res.transaction.callId, "call-1");
    const outcomes = await t.deps.db.select().from(callOutcomes);
    assert.deepEqual(outcomes.map((o) => [o.callId, o.userId, o.outcome, o.transactionId]), [
      ["call-1", u.id, "bought", res.transaction.id],
    ]);
    const unknown = await expectStatus(t, 400, "POST", "/api/transaction", {
      token: u.token,
      body: buyBody(t, { callId: "nope" }),
    });
    assert.equal(unknown.field, "callId");
    assert.equal(await count(t), 1);
  } finally {
    await t.close();
  }
});
