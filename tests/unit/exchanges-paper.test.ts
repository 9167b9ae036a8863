import assert from "node:assert/strict";
import { ManualClock } from "../../server/core/clock.ts";
import { testConfig } from "../../server/config.ts";
import { ExchangeError } from "../../server/exchanges/adapter.ts";
import { createExchanges } from "../../server/exchanges/exchanges.ts";
import { createPaperAdapter, parseStartBalances } from "../../server/exchanges/paper.ts";
import { storedMarkets } from "../../server/exchanges/markets/markets.ts";
import { createMarket } from "../../server/market/market.ts";
import { openTestDatabase } from "../support/database.ts";

const ACCOUNT = { id: "user:1" };

async function setup(start = "USDT:1000,BTC:0.5") {
  const database = await openTestDatabase();
  const prices: Record<string, string> = { btc_usdt: "60000.00" };
  const paper = createPaperAdapter({
    database,
    exchange: "binance",
    markets: storedMarkets(),
    priceOf: (pair) => prices[pair],
    startBalances: parseStartBalances(start),
  });
  const balance = async (asset: string) =>
    (await paper.balances(ACCOUNT)).find((b) => b.asset === asset)?.free ?? "0";
  return { database, paper, prices, balance };
}

const order = (side: "BUY" | "SELL", quantity: string, extra = {}) => ({
  pair: "btc_usdt",
  side,
  type: "market" as const,
  quantity,
  clientOrderId: `c${Math.random()}`,
  ...extra,
});

Deno.test("paper: a new account is funded with the start balances on first use", async () => {
  const t = await setup();
  try {
    assert.deepEqual(await t.paper.balances(ACCOUNT), [
      { asset: "BTC", free: "0.5", locked: "0" },
      { asset: "USDT", free: "1000", locked: "0" },
    ]);
    assert.deepEqual(await t.paper.balances({ id: "bot:7" }), await t.paper.balances(ACCOUNT));
  } finally {
    await t.database.close();
  }
});

Deno.test("paper: a market BUY fills at the feed price, moving quote to base less the taker fee", async () => {
  const t = await setup();
  try {
    const res = await t.paper.placeOrder(ACCOUNT, order("BUY", "0.01"));
    assert.equal(res.status, "filled");
    assert.equal(res.filledPrice, "60000");
    assert.equal(res.filledQuantity, "0.01");
    // Binance's 0.1%, taken from what arrived, as Binance takes it.
    assert.equal(res.fee, "0.00001");
    assert.equal(res.feeAsset, "BTC");
    assert.match(res.orderId, /^paper-c/);
    assert.equal(await t.balance("USDT"), "400");
    assert.equal(await t.balance("BTC"), "0.50999");
  } finally {
    await t.database.close();
  }
});

Deno.test("paper: a SELL credits the quote less the fee, and a limit order fills at its own price", async () => {
  const t = await setup();
  try {
    t.prices.btc_usdt = "61000.00";
    const sold = await t.paper.placeOrder(ACCOUNT, order("SELL", "0.1"));
    assert.deepEqual([sold.fee, sold.feeAsset], ["6.1", "USDT"]);
    assert.equal(await t.balance("USDT"), "7093.9");
    const res = await t.paper.placeOrder(
      ACCOUNT,
      order("SELL", "0.1", { type: "limit", price: "65000.5" }),
    );
    assert.equal(res.filledPrice, "65000.5");
    // 6500.05 less its fee, 6.50005 rounded up to 8 places.
    assert.equal(res.fee, "6.50005");
    assert.equal(await t.balance("USDT"), "13587.44995");
    assert.equal(await t.balance("BTC"), "0.3");
    // A fee past 8 places is rounded up: 0.00123 x 61000.37 = 75.0304551, its 0.1% 0.0750304551.
    const odd = await t.paper.placeOrder(
      ACCOUNT,
      order("SELL", "0.00123", { type: "limit", price: "61000.37" }),
    );
    assert.equal(odd.fee, "0.07503046");
    assert.equal(await t.balance("USDT"), "13662.40537464");
  } finally {
    await t.database.close();
  }
});

Deno.test("paper: an order beyond the balance is refused and nothing moves", async () => {
  const t = await setup();
  try {
    await assert.rejects(
      () => t.paper.placeOrder(ACCOUNT, order("BUY", "0.02")),
      (err: Error) =>
        err instanceof ExchangeError &&
        err.message === "Insufficient balance: 1200 USDT needed, 1000 USDT available",
    );
    await assert.rejects(
      () => t.paper.placeOrder(ACCOUNT, order("SELL", "0.50001")),
      /^ExchangeError: Insufficient balance: 0\.50001 BTC needed, 0\.5 BTC available$/,
    );
    assert.equal(await t.balance("USDT"), "1000");
    assert.equal(await t.balance("BTC"), "0.5");
  } finally {
    await t.database.close();
  }
});

Deno.test("paper: concurrent orders never take a balance below zero", async () => {
  const t = await setup("USDT:1000,BTC:0");
  try {
    // Each costs 600 USDT: only one of the eight can fill.
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () => t.paper.placeOrder(ACCOUNT, order("BUY", "0.01"))),
    );
    assert.equal(results.filter((r) => r.status === "fulfilled").length, 1);
    assert.equal(await t.balance("USDT"), "400");
    assert.equal(await t.balance("BTC"), "0.00999");
  } finally {
    await t.database.close();
  }
});

Deno.test("paper: spending an asset to zero never refills it from the start balances", async () => {
  const t = await setup();
  try {
    await t.paper.placeOrder(ACCOUNT, order("SELL", "0.5"));
    const again = createPaperAdapter({
      database: t.database,
      exchange: "binance",
      markets: storedMarkets(),
      priceOf: () => "60000",
      startBalances: parseStartBalances("USDT:1000,BTC:0.5"),
    });
    assert.equal((await again.balances(ACCOUNT)).find((b) => b.asset === "BTC"), undefined);
  } finally {
    await t.database.close();
  }
});

Deno.test("paper: no price, a bad quantity or an unknown pair is an ExchangeError", async () => {
  const t = await setup();
  try {
    await assert.rejects(
      () => t.paper.placeOrder(ACCOUNT, { ...order("BUY", "1"), pair: "eth_usdt" }),
      /No market price for ETH\/USDT yet/,
    );
    await assert.rejects(
      () => t.paper.placeOrder(ACCOUNT, order("BUY", "0")),
      /Minimum order on Binance BTC\/USDT is 0\.00001 BTC/,
    );
    await assert.rejects(
      () => t.paper.placeOrder(ACCOUNT, { ...order("BUY", "1"), pair: "doge_usdt" }),
      /Unknown pair "doge_usdt"/,
    );
    await assert.rejects(
      () => t.paper.placeOrder(ACCOUNT, order("BUY", "1", { type: "limit" })),
      /A limit order needs a price/,
    );
  } finally {
    await t.database.close();
  }
});

Deno.test("createExchanges() gives paper by default, live on request, and refuses houbi", async () => {
  const database = await openTestDatabase();
  try {
    const clock = new ManualClock();
    const config = testConfig();
    const market = createMarket(config, { clock });
    market.sim("binance")!.setPrice("btc_usdt", "50000");
    const exchanges = createExchanges({ config, database, clock, market });
    const paper = exchanges.adapter("binance");
    assert.equal(paper.name, "paper");
    assert.equal(exchanges.adapter("gate", "live").name, "gate");
    assert.equal(exchanges.adapter("binance", "live").name, "binance");
    assert.throws(() => exchanges.adapter("houbi"), /Trading on houbi is not supported/);
    const res = await paper.placeOrder({ id: "user:9" }, order("BUY", "0.001"));
    assert.equal(res.filledPrice, "50000");
    const live = createExchanges({
      config: testConfig({ EXCHANGE_ADAPTER: "live" }),
      database,
      clock,
      market,
    });
    assert.equal(live.adapter("gate").name, "gate");
  } finally {
    await database.close();
  }
});

Deno.test("paper: every fill keeps an order record, found by its client order id as on an exchange", async () => {
  const t = await setup();
  try {
    await t.paper.placeOrder(ACCOUNT, { ...order("BUY", "0.01234567"), clientOrderId: "tx77" });
    assert.deepEqual(await t.paper.findOrder(ACCOUNT, "btc_usdt", "tx77"), {
      orderId: "paper-tx77",
      status: "filled",
      filledPrice: "60000",
      filledQuantity: "0.01234",
      // 0.1% of 0.01234, rounded up to 8 places.
      fee: "0.00001234",
      feeAsset: "BTC",
    });
    assert.equal(await t.paper.findOrder(ACCOUNT, "btc_usdt", "tx78"), null, "never placed");
    assert.equal(await t.paper.findOrder({ id: "user:2" }, "btc_usdt", "tx77"), null, "another's");
    // A refused order leaves no record.
    await assert.rejects(() =>
      t.paper.placeOrder(ACCOUNT, { ...order("BUY", "1"), clientOrderId: "tx79" })
    );
    assert.equal(await t.paper.findOrder(ACCOUNT, "btc_usdt", "tx79"), null);
  } finally {
    await t.database.close();
  }
});
