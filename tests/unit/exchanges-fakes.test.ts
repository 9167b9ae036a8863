// The fake exchanges keep the rules of the real ones, so the tests built on them can trust what
// they report: fees in the received asset, balances that move by exactly the fills and fees, the
// filters' maximums, and the faults of an answer after the order filled (held, dropped, 502).
// Driven through the live adapters, so the client side of each fault is checked too.
import assert from "node:assert/strict";
import { createHash, createHmac } from "node:crypto";
import { ManualClock } from "../../server/core/clock.ts";
import { dec } from "../../server/core/decimal.shared.ts";
import { ExchangeError, isInDoubt, type OrderResult } from "../../server/exchanges/adapter.ts";
import { createBinanceAdapter } from "../../server/exchanges/binance.ts";
import { createGateAdapter } from "../../server/exchanges/gate.ts";
import { liveMarkets, storedMarkets } from "../../server/exchanges/markets/markets.ts";
import { type FakeBinance, startFakeBinance } from "../fakes/fake-binance.ts";
import { type FakeGate, startFakeGate } from "../fakes/fake-gate.ts";
import type { TroubleOptions } from "../fakes/order-trouble.ts";

const NOW = Date.UTC(2026, 0, 1, 12);
const BALANCES = { USDT: "10000", BTC: "1" };

/** Each exchange's fake and its live adapter, with a short wait for answers. */
const VENUES = {
  binance: {
    title: "Binance",
    start(opts: TroubleOptions = {}) {
      const fake = startFakeBinance({ now: () => NOW, balances: BALANCES, ...opts });
      const book = (bid: string, ask: string) => fake.bookTicker("BTCUSDT", bid, ask);
      return { fake: fake as FakeBinance | FakeGate, book, create: createBinanceAdapter };
    },
  },
  gate: {
    title: "Gate",
    start(opts: TroubleOptions = {}) {
      const fake = startFakeGate({ now: () => NOW / 1000, balances: BALANCES, ...opts });
      const book = (bid: string, ask: string) => fake.ticker("BTC_USDT", bid, ask);
      return { fake: fake as FakeBinance | FakeGate, book, create: createGateAdapter };
    },
  },
} as const;

function setup(exchange: keyof typeof VENUES, opts: TroubleOptions & { timeoutMs?: number } = {}) {
  const { fake, book, create } = VENUES[exchange].start(opts);
  let price = "60000";
  const adapter = create({
    baseUrl: fake.restUrl,
    clock: new ManualClock(NOW),
    markets: storedMarkets(),
    priceOf: () => price,
    timeoutMs: opts.timeoutMs,
  });
  const account = { id: "u", credentials: { key: fake.apiKey, secret: fake.secret } };
  const market = (side: "BUY" | "SELL", quantity: string, clientOrderId: string) =>
    adapter.placeOrder(account, {
      pair: "btc_usdt",
      side,
      type: "market",
      quantity,
      clientOrderId,
    });
  const find = (clientOrderId: string) => adapter.findOrder(account, "btc_usdt", clientOrderId);
  return {
    fake,
    adapter,
    market,
    find,
    /** Sets the fake's book and the price the adapter sizes by. */
    book(bid: string, ask = bid) {
      price = bid;
      book(bid, ask);
    },
  };
}

/** quantity x price, as the exchange booked it. */
const value = (r: OrderResult) => dec(r.filledQuantity).mul(r.filledPrice!);

for (const exchange of ["binance", "gate"] as const) {
  const { title } = VENUES[exchange];
  const rate = exchange === "binance" ? "0.001" : "0.002";

  Deno.test(`fake ${title}: a round trip's result from its fills and fees is the account's cash flow`, async () => {
    const t = setup(exchange);
    try {
      t.book("60000");
      const bought = await t.market("BUY", "0.01", "tx1");
      // The fee is taken from what was received, at the exchange's rate.
      assert.equal(bought.feeAsset, "BTC");
      assert.equal(bought.fee, dec(bought.filledQuantity).mul(rate).toFixed());
      // Everything that arrived is sold (quantities on BTC's 0.00001 step).
      const arrived = dec(bought.filledQuantity).minus(bought.fee!);
      assert.equal(t.fake.balance("BTC"), dec(BALANCES.BTC).plus(arrived).toFixed());
      t.book("61000");
      const sold = await t.market("SELL", arrived.toFixed(), "tx1c");
      assert.equal(sold.feeAsset, "USDT");
      assert.equal(sold.fee, value(sold).mul(rate).toFixed());
      // proceeds - cost - the quote fee (the base fee is already out of what was sold).
      const realized = value(sold).minus(sold.fee!).minus(value(bought));
      assert.ok(realized.gt(0));
      assert.equal(t.fake.balance("USDT"), dec(BALANCES.USDT).plus(realized).toFixed());
      assert.equal(t.fake.balance("BTC"), BALANCES.BTC);
      // A lookup reports the same fill and fee as the answer did.
      assert.deepEqual(await t.find("tx1"), bought);
      assert.deepEqual(await t.find("tx1c"), sold);
    } finally {
      await t.fake.close();
    }
  });

  Deno.test(`fake ${title}: a held answer waits 30 s while the order is filled and found; the test releases it`, async () => {
    const t = setup(exchange, { timeoutMs: 200 });
    try {
      t.book("60000");
      t.fake.troubleNextOrder({ kind: "hold", afterFill: true });
      await assert.rejects(
        () => t.market("BUY", "0.01", "tx2"),
        (err) => isInDoubt(err) && /timed out/.test((err as Error).message),
      );
      assert.equal(t.fake.held, 1);
      const found = await t.find("tx2");
      assert.equal(found?.status, "filled");
      assert.ok(found?.fee);
      assert.equal(t.fake.releaseHeld(), 1);
      assert.equal(t.fake.held, 0);
      // The order was placed once.
      assert.equal(t.fake.orders.length, 1);
    } finally {
      await t.fake.close();
    }
  });

  Deno.test(`fake ${title}: a held answer comes when the injected sleep ends, with the real fill`, async () => {
    const waits: number[] = [];
    let wake = () => {};
    const sleep = (ms: number) => {
      waits.push(ms);
      return new Promise<void>((resolve) => wake = resolve);
    };
    const t = setup(exchange, { sleep });
    try {
      t.book("60000");
      t.fake.troubleNextOrder({ kind: "hold", afterFill: true });
      const answer = t.market("BUY", "0.01", "tx3");
      while (t.fake.held === 0) await new Promise((r) => setTimeout(r, 5));
      assert.deepEqual(waits, [30_000]);
      wake();
      const res = await answer;
      assert.equal(res.status, "filled");
      assert.deepEqual(await t.find("tx3"), res);
    } finally {
      await t.fake.close();
    }
  });

  Deno.test(`fake ${title}: held without filling, the order is not there until the answer goes`, async () => {
    const t = setup(exchange, { timeoutMs: 200 });
    try {
      t.book("60000");
      t.fake.troubleNextOrder({ kind: "hold", afterFill: false, holdMs: 60_000 });
      await assert.rejects(() => t.market("BUY", "0.01", "tx4"), isInDoubt);
      assert.equal(await t.find("tx4"), null, "a lookup now finds nothing");
      t.fake.releaseHeld();
      // The exchange takes it late: what a lookup said is no longer true.
      while (t.fake.orders.length === 0) await new Promise((r) => setTimeout(r, 5));
      assert.equal((await t.find("tx4"))?.status, "filled");
    } finally {
      await t.fake.close();
    }
  });

  Deno.test(`fake ${title}: a connection dropped after filling, and a 502 after filling, leave the order in doubt and found`, async () => {
    const t = setup(exchange);
    try {
      t.book("60000");
      t.fake.troubleNextOrder({ kind: "drop", afterFill: true });
      await assert.rejects(
        () => t.market("BUY", "0.01", "tx5"),
        (err) =>
          isInDoubt(err) && (err as ExchangeError).status === undefined &&
          new RegExp(`^${title} is unreachable`).test((err as Error).message),
      );
      assert.equal((await t.find("tx5"))?.status, "filled");

      t.fake.troubleNextOrder({ kind: "502", afterFill: true });
      await assert.rejects(
        () => t.market("BUY", "0.01", "tx6"),
        (err) =>
          isInDoubt(err) && (err as ExchangeError).status === 502 &&
          (err as Error).message === `${title} answered HTTP 502`,
      );
      assert.equal((await t.find("tx6"))?.status, "filled");
      assert.equal(t.fake.orders.length, 2);
    } finally {
      await t.fake.close();
    }
  });
}

// The filters' maximums, sent as a client that skipped its own checks would.
const binanceSigned = async (fake: FakeBinance, params: Record<string, string>) => {
  const query = new URLSearchParams({ ...params, timestamp: String(NOW) }).toString();
  const signature = createHmac("sha256", fake.secret).update(query).digest("hex");
  const res = await fetch(`${fake.restUrl}/api/v3/order`, {
    method: "POST",
    headers: { "X-MBX-APIKEY": fake.apiKey },
    body: `${query}&signature=${signature}`,
  });
  return [res.status, await res.json()];
};

Deno.test("fake Binance: over maxQty, maxPrice and maxNotional is -1013 with the filter's name", async () => {
  const fake = startFakeBinance({ now: () => NOW, balances: { USDT: "1e12", BTC: "1e5" } });
  const order = (extra: Record<string, string>) =>
    binanceSigned(fake, { symbol: "BTCUSDT", side: "SELL", newClientOrderId: "x", ...extra });
  try {
    fake.bookTicker("BTCUSDT", "60000");
    const filter = (name: string) => [400, { code: -1013, msg: `Filter failure: ${name}` }];
    assert.deepEqual(await order({ type: "MARKET", quantity: "9000.00001" }), filter("LOT_SIZE"));
    assert.deepEqual(
      await order({ type: "LIMIT", quantity: "1", price: "1000000.01", timeInForce: "GTC" }),
      filter("PRICE_FILTER"),
    );
    // 9000 BTC at 1,000,000 is over maxNotional 9,000,000 for a LIMIT; a MARKET is exempt
    // (applyMaxToMarket false) and fills.
    assert.deepEqual(
      await order({ type: "LIMIT", quantity: "9000", price: "1000000", timeInForce: "GTC" }),
      filter("NOTIONAL"),
    );
    const [status, market] = await order({ type: "MARKET", quantity: "9000" });
    assert.equal(status, 200);
    assert.equal(market.status, "FILLED");
    assert.equal(fake.orders.length, 1);
  } finally {
    await fake.close();
  }
});

const gateSigned = async (fake: FakeGate, order: Record<string, string>) => {
  const body = JSON.stringify(order);
  const ts = String(NOW / 1000);
  const path = "/api/v4/spot/orders";
  const bodyHash = createHash("sha512").update(body).digest("hex");
  const sign = createHmac("sha512", fake.secret).update(["POST", path, "", bodyHash, ts].join("\n"))
    .digest("hex");
  const res = await fetch(fake.restUrl + path, {
    method: "POST",
    headers: { KEY: fake.apiKey, Timestamp: ts, SIGN: sign, "Content-Type": "application/json" },
    body,
  });
  return [res.status, await res.json()];
};

Deno.test("fake Gate: an order over max_quote_amount is AMOUNT_TOO_MUCH; none is placed", async () => {
  const fake = startFakeGate({ now: () => NOW / 1000, balances: { BTC: "1000", USDT: "1e7" } });
  const order = (extra: Record<string, string>) =>
    gateSigned(fake, { currency_pair: "BTC_USDT", account: "spot", text: "t-x", ...extra });
  try {
    fake.ticker("BTC_USDT", "60000");
    // 100 BTC at 60000 = 6,000,000 USDT, over BTC_USDT's 5,000,000; so is a BUY of as much.
    const tooMuch = (total: string) => [400, {
      label: "AMOUNT_TOO_MUCH",
      message: `Your order size ${total} USDT is too large. The maximum is 5000000 USDT`,
    }];
    assert.deepEqual(
      await order({ type: "market", side: "sell", amount: "100", time_in_force: "ioc" }),
      tooMuch("6000000"),
    );
    assert.deepEqual(
      await order({ type: "market", side: "buy", amount: "5000000.1", time_in_force: "ioc" }),
      tooMuch("5000000.1"),
    );
    assert.equal(fake.orders.length, 0);
    assert.equal(fake.balance("BTC"), "1000");
  } finally {
    await fake.close();
  }
});

Deno.test("fake Gate: with its clock off, Gate refuses REQUEST_EXPIRED; the adapter syncs with /spot/time and the order goes once", async () => {
  const t = setup("gate");
  const fake = t.fake as FakeGate;
  try {
    t.book("60000");
    fake.skewClock(-90_000);
    const res = await t.market("BUY", "0.01", "tx10");
    assert.equal(res.status, "filled");
    const posts = fake.requests.filter((r) => r.method === "POST");
    assert.deepEqual(posts.map((r) => r.timestamp), [String(NOW / 1000), String(NOW / 1000 - 90)]);
    assert.equal(fake.orders.length, 1);
    // Gate's time is kept: the next request is signed on it at once.
    await t.adapter.balances({ id: "u", credentials: { key: fake.apiKey, secret: fake.secret } });
    assert.equal(fake.requests.at(-1)!.timestamp, String(NOW / 1000 - 90));
  } finally {
    await fake.close();
  }
});

Deno.test("fake Binance: a halted symbol refuses orders -1013 and leaves TRADING; the adapter learns it", async () => {
  const fake = startFakeBinance({ now: () => NOW, balances: BALANCES });
  const clock = new ManualClock(NOW);
  const markets = liveMarkets({
    urls: { binance: fake.restUrl, gate: "http://127.0.0.1:9" },
    clock,
  });
  const adapter = createBinanceAdapter({
    baseUrl: fake.restUrl,
    clock,
    markets,
    priceOf: () => "60000",
  });
  const account = { id: "u", credentials: { key: fake.apiKey, secret: fake.secret } };
  const order = (clientOrderId: string) =>
    adapter.placeOrder(account, {
      pair: "btc_usdt",
      side: "BUY",
      type: "market",
      quantity: "0.01",
      clientOrderId,
    });
  try {
    fake.bookTicker("BTCUSDT", "60000");
    assert.deepEqual(await markets.pairs("binance"), [
      "btc_usdt",
      "eth_usdt",
      "bnb_usdt",
      "btc_fdusd",
      "btc_tusd",
    ]);
    fake.halt("BTCUSDT");
    await assert.rejects(
      () => order("tx11"),
      (err) =>
        err instanceof ExchangeError && err.code === "-1013" &&
        /Market is closed/.test(err.message),
    );
    // The refusal made the markets stale: read again, BTCUSDT is not TRADING.
    await assert.rejects(() => order("tx12"), /Binance does not trade btc_usdt/);
    assert.equal(fake.orders.length, 0);
  } finally {
    await fake.close();
  }
});
