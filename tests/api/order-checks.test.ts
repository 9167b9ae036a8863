// The checks an order passes before it is sent (docs/trading.md#closable-positions,
// #market-rules-and-minimums, #stale-prices).
import assert from "node:assert/strict";
import { transactions } from "../../server/db/schema.ts";
import { makeTestApp } from "../support/test-app.ts";
import { buyBody, expectStatus, giveKeys, setUser } from "./transactions-fixtures.ts";

async function setup() {
  const t = await makeTestApp();
  t.market.sim("binance")!.setPrice("btc_usdt", "67400");
  t.market.sim("gate")!.setPrice("btc_usdt", "67400");
  const user = await t.user("User");
  for (const exchange of ["binance", "gate"] as const) await giveKeys(t, user.id, exchange);
  t.deps.callGate = () => true;
  return { t, user };
}

Deno.test("order checks: a BUY whose close would fall under Binance's minimum is refused, naming the smallest", async () => {
  const { t, user } = await setup();
  try {
    const small = await expectStatus(t, 400, "POST", "/api/transaction", {
      token: user.token,
      body: buyBody(t, { amount: "6", sellPrice: "68000" }),
    });
    assert.equal(
      small.message,
      "amount: BTC/USDT bought for this could not be sold back on Binance: after the 0.1% fee and " +
        "the exchange's step the close would be 0.00007 BTC (4.71 USDT), under its minimum of " +
        "5 USDT. The smallest amount that can be bought and closed is 6.07 USDT.",
    );
    assert.equal(small.code, "trading.notClosableBuy");
    assert.equal(small.params.smallest, "6.07");
    assert.equal((await t.deps.db.select().from(transactions)).length, 0, "nothing sent");
    // only_buy closes nothing: the same amount is bought.
    await setUser(t, user.id, { useBot: "only_buy" });
    await expectStatus(t, 201, "POST", "/api/transaction", {
      token: user.token,
      body: buyBody(t, { amount: "6", useBot: "only_buy" }),
    });
    const { transaction } = await expectStatus(t, 201, "POST", "/api/transaction", {
      token: user.token,
      body: buyBody(t, { amount: "6.07", sellPrice: "68000" }),
    });
    assert.equal(transaction.status, "BUY");
  } finally {
    await t.close();
  }
});

Deno.test("order checks: an order over the exchange's maximum is refused before it is sent", async () => {
  const { t, user } = await setup();
  try {
    const over = await expectStatus(t, 400, "POST", "/api/transaction", {
      token: user.token,
      body: buyBody(t, { exchange: "gate", amount: "5000000.1", sellPrice: "68000" }),
    });
    assert.equal(over.message, "Maximum order on Gate BTC/USDT is 5000000 USDT");
    assert.equal(over.code, "exchange.maximumOrder");
    assert.equal((await t.deps.db.select().from(transactions)).length, 0);
  } finally {
    await t.close();
  }
});

Deno.test("order checks: a sell_buy SELL whose buy-back would fall under the minimum is refused", async () => {
  const { t, user } = await setup();
  try {
    await setUser(t, user.id, { useBot: "sell_buy", coinTradingAmount: "0.00008" });
    const sell = (buyPrice: string) =>
      buyBody(t, { status: "SELL", useBot: "sell_buy", sellPrice: "67400", buyPrice });
    // Sold for 5.39 USDT, bought back at 60,000: 4.80 USDT, under 5.
    const low = await expectStatus(t, 400, "POST", "/api/transaction", {
      token: user.token,
      body: sell("60000"),
    });
    assert.equal(low.code, "trading.notClosableSell");
    assert.equal(low.params.smallest, "0.00009");
    const { transaction } = await expectStatus(t, 201, "POST", "/api/transaction", {
      token: user.token,
      body: sell("66726"),
    });
    assert.equal(transaction.status, "SELL");
  } finally {
    await t.close();
  }
});

Deno.test("order checks: a price older than PRICE_MAX_AGE_S is not traded on; health names it", async () => {
  const { t, user } = await setup();
  try {
    const sim = t.market.sim("binance")!;
    sim.silence("btc_usdt");
    // Nobody watches ETH/USDT (no topbar shows it, no open position): its silence degrades nothing.
    sim.silence("eth_usdt");
    t.clock.advance(10_000);
    await expectStatus(t, 201, "POST", "/api/transaction", { token: user.token, body: buyBody(t) });
    t.clock.advance(1_000);
    const stale = await expectStatus(t, 503, "POST", "/api/transaction", {
      token: user.token,
      body: buyBody(t),
    });
    assert.equal(
      stale.message,
      "The BTC/USDT price on Binance is 11 s old (at most 10 s to trade): the feed is not " +
        "updating. Try again when the price is live.",
    );
    assert.deepEqual(stale.params, { pair: "BTC/USDT", exchange: "Binance", age: 11, max: 10 });

    // The user's topbar shows BTC/USDT on Binance, and a BUY position waits on it.
    const health = await expectStatus(t, 200, "GET", "/api/health");
    assert.equal(health.status, "degraded");
    assert.deepEqual(health.stalePrices, [{ exchange: "binance", pair: "btc_usdt", ageS: 11 }]);
    assert.equal(health.message, "Stale prices, not traded on: Binance BTC/USDT (11 s)");
    const trading = await expectStatus(t, 503, "GET", "/api/health/trading");
    assert.equal(trading.status, "degraded");

    sim.setPrice("btc_usdt", "67410");
    t.clock.advance(5_000); // past the watched pairs' reuse
    assert.equal((await expectStatus(t, 200, "GET", "/api/health/trading")).status, "ok");
    await expectStatus(t, 201, "POST", "/api/transaction", { token: user.token, body: buyBody(t) });
  } finally {
    await t.close();
  }
});
