import assert from "node:assert/strict";
import { ManualClock } from "../../server/core/clock.ts";
import { ExchangeError } from "../../server/exchanges/adapter.ts";
import { createGateAdapter, gateOrderText } from "../../server/exchanges/gate.ts";
import { storedMarkets } from "../../server/exchanges/markets/markets.ts";
import { startFakeGate } from "../fakes/fake-gate.ts";

const NOW = Date.UTC(2026, 0, 1, 12);

function setup(price = "60000") {
  const clock = new ManualClock(NOW);
  const fake = startFakeGate({
    now: () => Math.floor(NOW / 1000),
    balances: { USDT: "1000", BTC: "0.5" },
  });
  const adapter = createGateAdapter({
    baseUrl: fake.restUrl,
    clock,
    markets: storedMarkets(),
    priceOf: () => price,
  });
  const account = { id: "bot:3", credentials: { key: fake.apiKey, secret: fake.secret } };
  return { fake, clock, adapter, account };
}

const order = (side: "BUY" | "SELL", quantity: string, extra = {}) => ({
  pair: "btc_usdt",
  side,
  type: "market" as const,
  quantity,
  clientOrderId: "tx-7",
  ...extra,
});

Deno.test("gate: a market BUY is sized in quote currency, IOC, and reports the base fill", async () => {
  const t = setup();
  try {
    t.fake.ticker("BTC_USDT", "60000");
    const res = await t.adapter.placeOrder(t.account, order("BUY", "0.01"));
    assert.deepEqual(res, {
      orderId: "5000",
      status: "filled",
      filledQuantity: "0.01",
      filledPrice: "60000",
      fee: "0.00002",
      feeAsset: "BTC",
    });
    const sent = t.fake.orders[0] as Record<string, string>;
    const fields = ["text", "currency_pair", "type", "account", "side", "amount", "time_in_force"];
    assert.deepEqual(fields.map((f) => sent[f]), [
      "t-tx-7",
      "BTC_USDT",
      "market",
      "spot",
      "buy",
      "600",
      "ioc",
    ]);
    assert.equal(t.fake.wallets.get("USDT")!.available.toFixed(), "400");
  } finally {
    await t.fake.close();
  }
});

Deno.test("gate: a limit SELL is sent GTC in base currency and comes back open", async () => {
  const t = setup();
  try {
    const res = await t.adapter.placeOrder(
      t.account,
      order("SELL", "0.2", { type: "limit", price: "70000.1" }),
    );
    assert.equal(res.status, "open");
    assert.equal(res.filledQuantity, "0");
    assert.equal(res.filledPrice, undefined);
    const sent = t.fake.orders[0] as Record<string, string>;
    assert.equal(sent.amount, "0.2");
    assert.equal(sent.price, "70000.1");
    assert.equal(sent.time_in_force, "gtc");
    assert.equal(t.fake.wallets.get("BTC")!.locked.toFixed(), "0.2");
  } finally {
    await t.fake.close();
  }
});

Deno.test("gate: balances read available and locked, zero entries dropped", async () => {
  const t = setup();
  try {
    await t.adapter.placeOrder(t.account, order("SELL", "0.5", { type: "limit", price: "10" }));
    assert.deepEqual(await t.adapter.balances(t.account), [
      { asset: "USDT", free: "1000", locked: "0" },
      { asset: "BTC", free: "0", locked: "0.5" },
    ]);
  } finally {
    await t.fake.close();
  }
});

Deno.test("gate: error bodies {label,message} become ExchangeErrors with Gate's message", async () => {
  const t = setup();
  try {
    t.fake.ticker("BTC_USDT", "60000");
    await assert.rejects(
      () => t.adapter.placeOrder(t.account, order("BUY", "1")),
      (err: Error) =>
        err instanceof ExchangeError && err.exchange === "gate" && err.status === 400 &&
        err.message === "Not enough balance",
    );
    const badSecret = { id: "bot:3", credentials: { key: t.fake.apiKey, secret: "x" } };
    await assert.rejects(
      () => t.adapter.balances(badSecret),
      /^ExchangeError: Signature mismatch$/,
    );
    const badKey = { id: "bot:3", credentials: { key: "x", secret: t.fake.secret } };
    await assert.rejects(() => t.adapter.balances(badKey), /Invalid key provided/);
    // Our clock 61 s ahead: Gate answers REQUEST_EXPIRED; the adapter syncs with /spot/time and
    // retries, then keeps Gate's time for the next requests.
    t.clock.advance(61_000);
    assert.equal((await t.adapter.balances(t.account)).length, 2);
    const stamps = () => t.fake.requests.slice(-2).map((r) => r.timestamp);
    const gateNow = String(NOW / 1000);
    assert.deepEqual(stamps(), [String(NOW / 1000 + 61), gateNow]);
    await t.adapter.balances(t.account);
    assert.deepEqual(stamps(), [gateNow, gateNow]);
  } finally {
    await t.fake.close();
  }
});

Deno.test("gate: missing keys, unlisted pairs and a missing price are clear errors", async () => {
  const clock = new ManualClock(NOW);
  const adapter = createGateAdapter({
    baseUrl: "http://127.0.0.1:9",
    clock,
    markets: storedMarkets(),
    priceOf: () => undefined,
  });
  const account = { id: "u", credentials: { key: "k", secret: "s" } };
  await assert.rejects(
    () => adapter.balances({ id: "u" }),
    /Please update Key\/Secret for Gate first/,
  );
  await assert.rejects(
    () => adapter.placeOrder(account, { ...order("BUY", "1"), pair: "btc_fdusd" }),
    /Gate does not trade btc_fdusd/,
  );
  await assert.rejects(() => adapter.placeOrder(account, order("BUY", "1")), /No market price/);
  await assert.rejects(() => adapter.balances(account), /^ExchangeError: Gate is unreachable/);
});

Deno.test("gateOrderText() prefixes t- and keeps at most 28 allowed characters", () => {
  assert.equal(gateOrderText("tx-7"), "t-tx-7");
  assert.equal(gateOrderText("a b/c:d"), "t-abcd");
  assert.equal(gateOrderText("x".repeat(40)).length, 30);
});
