import assert from "node:assert/strict";
import { Decimal } from "decimal.js";
import { ManualClock } from "../../server/core/clock.ts";
import { ExchangeError } from "../../server/exchanges/adapter.ts";
import { createBinanceAdapter } from "../../server/exchanges/binance.ts";
import { storedMarkets } from "../../server/exchanges/markets/markets.ts";
import { startFakeBinance } from "../fakes/fake-binance.ts";

const NOW = Date.UTC(2026, 0, 1, 12);

function setup() {
  const fake = startFakeBinance({ now: () => NOW, balances: { USDT: "1000", BTC: "0.5" } });
  const clock = new ManualClock(NOW);
  const adapter = createBinanceAdapter({
    baseUrl: fake.restUrl,
    clock,
    markets: storedMarkets(),
    priceOf: () => "60000",
  });
  const account = { id: "user:1", credentials: { key: fake.apiKey, secret: fake.secret } };
  return { fake, clock, adapter, account };
}

const buy = (quantity: string, extra = {}) => ({
  pair: "btc_usdt",
  side: "BUY" as const,
  type: "market" as const,
  quantity,
  clientOrderId: "tx-42",
  ...extra,
});

Deno.test("binance: a signed market order fills at the book and reports the average price", async () => {
  const t = setup();
  try {
    t.fake.bookTicker("BTCUSDT", "60000.00000000", "60010.00000000");
    const res = await t.adapter.placeOrder(t.account, buy("0.01"));
    assert.deepEqual(res, {
      orderId: "1000",
      status: "filled",
      filledQuantity: "0.01",
      filledPrice: "60010",
      fee: "0.00001",
      feeAsset: "BTC",
    });
    const sent = t.fake.orders[0];
    assert.equal(sent.symbol, "BTCUSDT");
    assert.equal(sent.type, "MARKET");
    assert.equal(sent.newClientOrderId, "tx-42");
    assert.equal(sent.recvWindow, "5000");
    assert.equal(sent.timestamp, String(NOW));
    assert.equal(t.fake.wallets.get("BTC")!.free.toFixed(), "0.50999", "the fee stays on Binance");
  } finally {
    await t.fake.close();
  }
});

Deno.test("binance: a limit order is sent GTC with its price and comes back open", async () => {
  const t = setup();
  try {
    const res = await t.adapter.placeOrder(
      t.account,
      { ...buy("0.001", { type: "limit", price: "55000.5" }), pair: "btc_usdt", side: "SELL" },
    );
    assert.equal(res.status, "open");
    assert.equal(res.filledQuantity, "0");
    assert.equal(res.filledPrice, undefined);
    assert.equal(t.fake.orders[0].timeInForce, "GTC");
    assert.equal(t.fake.orders[0].price, "55000.5");
  } finally {
    await t.fake.close();
  }
});

Deno.test("binance: balances come from the signed account call, zero balances dropped", async () => {
  const t = setup();
  try {
    t.fake.wallets.set("ETH", { free: new Decimal(0), locked: new Decimal(0) });
    assert.deepEqual(await t.adapter.balances(t.account), [
      { asset: "USDT", free: "1000.00000000", locked: "0.00000000" },
      { asset: "BTC", free: "0.50000000", locked: "0.00000000" },
    ]);
  } finally {
    await t.fake.close();
  }
});

Deno.test("binance: error bodies {code,msg} become ExchangeErrors with Binance's message", async () => {
  const t = setup();
  try {
    t.fake.bookTicker("BTCUSDT", "60000.00");
    await assert.rejects(
      () => t.adapter.placeOrder(t.account, buy("1")),
      (err: Error) =>
        err instanceof ExchangeError && err.exchange === "binance" && err.status === 400 &&
        err.message === "Account has insufficient balance for requested action.",
    );
    const wrongSecret = { id: "user:1", credentials: { key: t.fake.apiKey, secret: "nope" } };
    await assert.rejects(
      () => t.adapter.balances(wrongSecret),
      /^ExchangeError: Signature for this request is not valid\.$/,
    );
    const wrongKey = { id: "user:1", credentials: { key: "other", secret: t.fake.secret } };
    await assert.rejects(() => t.adapter.balances(wrongKey), /Invalid API-key/);
    // Our clock 6 s ahead: Binance answers -1021; the adapter syncs with /api/v3/time and retries.
    t.clock.advance(6000);
    assert.equal((await t.adapter.balances(t.account)).length, 2);
    assert.deepEqual(t.fake.requests.slice(-2).map((r) => r.params.timestamp), [
      String(NOW + 6000),
      String(NOW),
    ]);
  } finally {
    await t.fake.close();
  }
});

Deno.test("binance: missing keys, unlisted pairs and an unreachable host are clear errors", async () => {
  const t = setup();
  await t.fake.close();
  await assert.rejects(
    () => t.adapter.balances({ id: "user:1" }),
    /Please update Key\/Secret for Binance first/,
  );
  await assert.rejects(
    () => t.adapter.placeOrder(t.account, { ...buy("1"), pair: "mepad_usdt" }),
    /Binance does not trade mepad_usdt/,
  );
  await assert.rejects(
    () => t.adapter.balances(t.account),
    /^ExchangeError: Binance is unreachable/,
  );
});

Deno.test("binance: a non-JSON error page becomes 'Binance answered HTTP 502'", async () => {
  const server = Deno.serve(
    { port: 0, hostname: "127.0.0.1", onListen() {} },
    () => new Response("<html>Bad gateway</html>", { status: 502 }),
  );
  try {
    const adapter = createBinanceAdapter({
      baseUrl: `http://127.0.0.1:${server.addr.port}`,
      clock: new ManualClock(),
      markets: storedMarkets(),
      priceOf: () => "60000",
    });
    await assert.rejects(
      () => adapter.balances({ id: "u", credentials: { key: "k", secret: "s" } }),
      /^ExchangeError: Binance answered HTTP 502$/,
    );
  } finally {
    await server.shutdown();
  }
});
