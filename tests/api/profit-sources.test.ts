// Issue 17: /profit counts only fills the server priced. A hand close, an Admin's edit and a typed
// price are shown apart and never add to the total.
import assert from "node:assert/strict";
import { BotWorker } from "../../server/bot/worker.ts";
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
    // Bought 0.00166666 at 60000, the bot sold at its 61000 target.
    const counted = { trades: 1, profit: "1.66666" };
    assert.deepEqual((await profit()).total, counted);

    // The highest target the server takes (twice the price), closed by hand: never filled.
    const target = await buy({ sellPrice: "122000" });
    const closed = await expectStatus(
      t,
      200,
      "PATCH",
      `/api/transaction/${target.id}/set-status/DONE`,
      { token: user.token },
    );
    assert.equal(closed.priceSource, "hand_closed");
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
    });
    const [btc] = body.items.filter((r: { pair: string }) => r.pair === "btc_usdt");
    assert.equal(btc.notCountedTrades, 1);
    assert.equal(btc.notCountedProfit, "99.99974");
  } finally {
    await t.close();
  }
});

Deno.test("profit sources: an Admin's edit leaves the total; the edited row is shown apart", async () => {
  const { t, admin, profit, buy } = await setup();
  try {
    const first = await buy({ sellPrice: "61000" });
    await buy({ sellPrice: "61000" });
    t.market.sim("binance")!.setPrice("btc_usdt", "61000");
    assert.equal(await new BotWorker(t.deps, { log: () => {} }).scan("binance", "btc_usdt"), 2);
    assert.deepEqual((await profit()).total, { trades: 2, profit: "3.33332" });

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
    assert.deepEqual(body.total, { trades: 1, profit: "1.66666" });
    assert.equal(body.notCounted.edited, 1);
    assert.equal(body.notCounted.trades, 1);
    // The CSV counts the same way.
    const csv = await t.call("POST", "/api/users/calculator-profit-csv", { token: admin.token });
    const lines = (await csv.text()).trim().split("\r\n");
    // (99999999 - 60000) x 0.00166666 is left out; the other row's 1.66666 is the profit.
    assert.match(
      lines[1],
      /,BTC\/USDT,1,0\.00166666,99\.9996,101\.66626,1\.66666,1,166565\.99873334$/,
    );
  } finally {
    await t.close();
  }
});

Deno.test("profit sources: only_buy is done at once at the price on both sides, no target profit", async () => {
  const { t, user, profit, buy } = await setup();
  try {
    await setUser(t, user.id, { useBot: "only_buy" });
    const row = await buy({ useBot: "only_buy", sellPrice: "120000" });
    assert.equal(row.status, "DONE");
    assert.equal(row.sellPrice, "60000.00000000");
    assert.deepEqual((await profit()).total, { trades: 1, profit: "0" });
  } finally {
    await t.close();
  }
});
