// Issue 17 and 27: /profit counts what the exchange filled. A hand close, a typed price and a
// one-sided trade are shown apart and never add to the total; an Admin's edit of the targets
// changes nothing the fills made.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { BotWorker } from "../../server/bot/worker.ts";
import { transactions } from "../../server/db/schema.ts";
import { makeTestApp } from "../support/test-app.ts";
import { buyBody, expectStatus, giveKeys, setUser } from "./transactions-fixtures.ts";

async function setup() {
  const t = await makeTestApp();
  t.market.sim("binance")!.setPrice("btc_usdt", "60000");
  const user = await t.user("User");
  const admin = await t.user("Admin");
  await giveKeys(t, user.id, "binance");
  await setUser(t, user.id, { tradingAmount: "100" });
  t.deps.callGate = () => true;
  const profit = () => expectStatus(t, 200, "GET", "/api/profits", { token: admin.token });
  const buy = (overrides: Record<string, unknown>) =>
    expectStatus(t, 201, "POST", "/api/transaction", {
      token: user.token,
      body: buyBody(t, overrides),
    }).then((r) => r.transaction);
  return { t, user, admin, profit, buy };
}

Deno.test("profit sources: a bot's fill counts; a User's hand close and a typed price do not", async () => {
  const { t, user, profit, buy } = await setup();
  try {
    const filled = await buy({ sellPrice: "61000" });
    assert.equal(filled.priceSource, "server");
    t.market.sim("binance")!.setPrice("btc_usdt", "61000");
    assert.equal(await new BotWorker(t.deps, { log: () => {} }).scan("binance", "btc_usdt"), 1);
    // Asked for 0.00166666; the exchange's 0.00001 step filled 0.00166 at 60000 for 99.6, of
    // which 0.00000166 went in Binance's 0.1% fee. The bot sold what arrived, on the step: 0.00165
    // at 61000 for 100.65 less a 0.10065 fee. Cash: +0.94935; the 0.00000834 left at 61000:
    // +0.50874. The targets on the asked quantity, without fees, would say 1.66666.
    const counted = { trades: 1, profit: "1.45809" };
    const [closed] = await t.deps.db.select().from(transactions)
      .where(eq(transactions.id, filled.id));
    assert.equal(closed.closeQuantity, "0.00165000");
    assert.equal(closed.closeFee, "0.10065000");
    assert.equal(closed.filledPrice, "61000.00000000");
    assert.equal(closed.realizedPnl, "1.45809000");
    assert.deepEqual((await profit()).total, counted);

    // The highest target the server takes (twice the price), closed by hand: never filled.
    const target = await buy({ sellPrice: "122000" });
    const byHand = await expectStatus(
      t,
      200,
      "PATCH",
      `/api/transaction/${target.id}/set-status/DONE`,
      { token: user.token },
    );
    assert.equal(byHand.priceSource, "hand_closed");
    assert.equal(byHand.realizedPnl, null);
    // A typed NFT price, closed by hand as well, keeps saying it was typed.
    const nft = await buy({
      pair: "ub_nft",
      marketPrice: "1000",
      buyPrice: "1000",
      sellPrice: "2000",
      assetId: "nft-1",
    });
    assert.equal(nft.priceSource, "typed");
    await expectStatus(t, 200, "PATCH", "/api/transaction/set-done", {
      token: user.token,
      body: { ids: [nft.id] },
    });

    const body = await profit();
    assert.deepEqual(body.total, counted);
    assert.deepEqual(body.notCounted, {
      trades: 2,
      // (122000 - 61000) x 0.00163934 and (2000 - 1000) x 0.1
      profit: "199.99974",
      typed: 1,
      handClosed: 1,
      edited: 0,
      oneSided: 0,
      unpriced: 0,
    });
    const [btc] = body.items.filter((r: { pair: string }) => r.pair === "btc_usdt");
    assert.equal(btc.notCountedTrades, 1);
    assert.equal(btc.notCountedProfit, "99.99974");
  } finally {
    await t.close();
  }
});

Deno.test("profit sources: an Admin's edit of a closed round trip's prices leaves its fills' result", async () => {
  const { t, admin, profit, buy } = await setup();
  try {
    const first = await buy({ sellPrice: "61000" });
    await buy({ sellPrice: "61000" });
    t.market.sim("binance")!.setPrice("btc_usdt", "61000");
    assert.equal(await new BotWorker(t.deps, { log: () => {} }).scan("binance", "btc_usdt"), 2);
    // Twice the round trip of the test above.
    assert.deepEqual((await profit()).total, { trades: 2, profit: "2.91618" });

    const edited = await expectStatus(t, 200, "PATCH", `/api/transaction/${first.id}`, {
      token: admin.token,
      body: { sellPrice: "99999999" },
    });
    assert.equal(edited.priceSource, "edited");
    // Its assetId is no price: a later edit of it does not make the row count again.
    await expectStatus(t, 200, "PATCH", `/api/transaction/${first.id}`, {
      token: admin.token,
      body: { assetId: "note" },
    });
    const body = await profit();
    assert.deepEqual(body.total, { trades: 2, profit: "2.91618" });
    assert.equal(body.notCounted.trades, 0);
    // The CSV counts the same way: the fills, 0.00332 bought for 199.2 and 0.0033 sold for 201.3;
    // the profit is that less the fees (0.2013 of the sales, 0.00000332 BTC of the buys), with
    // the dust left valued at 61000.
    const csv = await t.call("POST", "/api/users/calculator-profit-csv", { token: admin.token });
    const lines = (await csv.text()).trim().split("\r\n");
    assert.match(lines[1], /,BTC\/USDT,2,0\.00332,199\.2,201\.3,2\.91618,0,0,0,0$/);
  } finally {
    await t.close();
  }
});

Deno.test("profit sources: only_buy is done at once, one-sided: no result, counted apart", async () => {
  const { t, user, profit, buy } = await setup();
  try {
    await setUser(t, user.id, { useBot: "only_buy" });
    const row = await buy({ useBot: "only_buy", sellPrice: "120000" });
    assert.equal(row.status, "DONE");
    assert.equal(row.sellPrice, "60000.00000000");
    assert.equal(row.filledQuantity, "0.00166000");
    assert.equal(row.realizedPnl, null);
    const body = await profit();
    assert.deepEqual(body.total, { trades: 0, profit: "0" });
    assert.equal(body.notCounted.oneSided, 1);
  } finally {
    await t.close();
  }
});
