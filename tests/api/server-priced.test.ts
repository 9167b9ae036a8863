import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { auditLog, transactions } from "../../server/db/schema.ts";
import { BotWorker } from "../../server/bot/worker.ts";
import { spreadBuyPrice } from "../../server/transactions/pricing.shared.ts";
import { makeTestApp } from "../support/test-app.ts";
import { buyBody, expectStatus, giveKeys, setUser } from "./transactions-fixtures.ts";

async function setup() {
  const t = await makeTestApp();
  t.market.sim("binance")!.setPrice("btc_usdt", "60000");
  const user = await t.user("User");
  const admin = await t.user("Admin");
  for (const u of [user, admin]) await giveKeys(t, u.id, "binance");
  await setUser(t, user.id, { tradingAmount: "100" });
  t.deps.callGate = () => true;
  return { t, user, admin };
}

Deno.test("server-priced: a buyPrice far from the market cannot change the quantity bought", async () => {
  const { t, user } = await setup();
  try {
    const far = await expectStatus(t, 200, "POST", "/api/transaction", {
      token: user.token,
      body: buyBody(t, { buyPrice: "1000" }),
    });
    assert.equal(far.isFluctuating, true);
    assert.equal((await t.deps.db.select().from(transactions)).length, 0);
    // Within the tolerance the order is still priced at the feed's price.
    const near = await expectStatus(t, 201, "POST", "/api/transaction", {
      token: user.token,
      body: buyBody(t, { buyPrice: "60010", marketPrice: "60010" }),
    });
    assert.equal(near.transaction.buyPrice, "60000.00000000");
    assert.equal(near.transaction.marketPrice, "60000.00000000");
    assert.equal(near.transaction.quantity, "0.00166666");
    // The amount is capped by the user's tradingAmount; a sell target stays within twice the price.
    const over = await expectStatus(t, 400, "POST", "/api/transaction", {
      token: user.token,
      body: buyBody(t, { amount: "100.01" }),
    });
    assert.equal(over.message, "amount: at most your trading amount, 100");
    await expectStatus(t, 400, "POST", "/api/transaction", {
      token: user.token,
      body: buyBody(t, { sellPrice: "120000.01" }),
    });
  } finally {
    await t.close();
  }
});

Deno.test("server-priced: DONE is final for a User; an Admin's edits are audited before and after", async () => {
  const { t, user, admin } = await setup();
  try {
    const { transaction: tx } = await expectStatus(t, 201, "POST", "/api/transaction", {
      token: user.token,
      body: buyBody(t),
    });
    const priced = await expectStatus(t, 403, "PATCH", `/api/transaction/${tx.id}`, {
      token: user.token,
      body: { sellPrice: "99999999" },
    });
    assert.match(priced.message, /only an Admin can change them/);
    await expectStatus(t, 200, "PATCH", `/api/transaction/${tx.id}/set-status/DONE`, {
      token: user.token,
    });
    for (
      const [method, path, body] of [
        ["PATCH", `/api/transaction/${tx.id}/set-status/BUY`, undefined],
        ["PATCH", `/api/transaction/${tx.id}`, { assetId: "x" }],
      ] as const
    ) {
      const res = await expectStatus(t, 409, method, path, { token: user.token, body });
      assert.equal(res.message, "A DONE transaction is final: only an Admin can change it.");
    }
    const edited = await expectStatus(t, 200, "PATCH", `/api/transaction/${tx.id}`, {
      token: admin.token,
      body: { sellPrice: "61000" },
    });
    assert.equal(edited.sellPrice, "61000.00000000");
    const entries = await t.deps.db.select().from(auditLog)
      .where(eq(auditLog.action, "transaction.updated"));
    assert.deepEqual(entries.map((e) => [e.actorId, e.details]), [
      // The price source's change is audited too: why the row left /profit.
      [user.id, {
        id: tx.id,
        before: { status: "BUY", priceSource: "server" },
        after: { status: "DONE", priceSource: "hand_closed" },
      }],
      [admin.id, {
        id: tx.id,
        before: { sellPrice: "60000.00000000", priceSource: "hand_closed" },
        after: { sellPrice: "61000.00000000", priceSource: "edited" },
      }],
    ]);
  } finally {
    await t.close();
  }
});

Deno.test("server-priced: a price that rose past the spread is a fluctuation, not a bad sell target", async () => {
  const { t, user } = await setup();
  try {
    // The client saw 60000 and asks to sell 1% higher; the feed is now at 61000 (1.7% up).
    const body = buyBody(t, { marketPrice: "60000", buyPrice: "60000", sellPrice: "60600" });
    t.market.sim("binance")!.setPrice("btc_usdt", "61000");
    const answer = await expectStatus(t, 200, "POST", "/api/transaction", {
      token: user.token,
      body,
    });
    assert.deepEqual(answer, {
      isFluctuating: true,
      marketPrice: "60000.00000000",
      lastMarketPrice: "61000.00",
      tradingAmount: "100.00000000",
    });
    // Within the tolerance, a target under the price is still refused.
    const low = await expectStatus(t, 400, "POST", "/api/transaction", {
      token: user.token,
      body: buyBody(t, { sellPrice: "60999" }),
    });
    assert.equal(low.message, "sellPrice: between 61000.00000000 and 122000.00000000");
  } finally {
    await t.close();
  }
});

Deno.test("server-priced: a target the mode does not use is not checked; both prices are the price", async () => {
  const { t, user, admin } = await setup();
  try {
    await setUser(t, user.id, { useBot: "only_buy" });
    // The client's sellPrice was its market price; the feed ticked up 0.1% since.
    const body = buyBody(t, { useBot: "only_buy" });
    t.market.sim("binance")!.setPrice("btc_usdt", "60060");
    const { transaction } = await expectStatus(t, 201, "POST", "/api/transaction", {
      token: user.token,
      body,
    });
    assert.equal(transaction.status, "DONE");
    assert.equal(transaction.buyPrice, "60060.00000000");
    assert.equal(transaction.sellPrice, "60060.00000000");
    // Mode none keeps no target either: an absurd one is ignored, not refused nor recorded.
    const none = await expectStatus(t, 201, "POST", "/api/transaction", {
      token: admin.token,
      body: buyBody(t, { useBot: "none", sellPrice: "1" }),
    });
    assert.equal(none.transaction.sellPrice, "60060.00000000");
  } finally {
    await t.close();
  }
});

Deno.test("server-priced: a Lead's SELL in buy_sell opens a sell_buy position the bot buys back", async () => {
  const { t } = await setup();
  const lead = await t.user("Lead");
  await giveKeys(t, lead.id, "binance");
  await setUser(t, lead.id, { useBot: "buy_sell", spread: "1", coinTradingAmount: "0.01" });
  const worker = new BotWorker(t.deps, { log: () => {} });
  try {
    const { transaction } = await expectStatus(t, 201, "POST", "/api/transaction", {
      token: lead.token,
      body: buyBody(t, {
        status: "SELL",
        useBot: "buy_sell",
        sellPrice: "60000",
        buyPrice: spreadBuyPrice("60000", "1"),
      }),
    });
    assert.equal(transaction.status, "SELL");
    assert.equal(transaction.useBot, "sell_buy");
    assert.equal(transaction.buyPrice, "59400.00000000");
    worker.start();
    t.market.sim("binance")!.setPrice("btc_usdt", "59400");
    await worker.idle();
    const [row] = await t.deps.db.select().from(transactions)
      .where(eq(transactions.id, transaction.id));
    assert.equal(row.status, "DONE");
    // A buy-back target above the price is refused (once the price is not fluctuating).
    const high = await expectStatus(t, 400, "POST", "/api/transaction", {
      token: lead.token,
      body: buyBody(t, { status: "SELL", useBot: "buy_sell", buyPrice: "59500" }),
    });
    assert.equal(high.message, "buyPrice: between 0.00000000 and 59400.00000000");
  } finally {
    await worker.stop();
    await t.close();
  }
});
