// Market rules against fakes that enforce them as the exchanges do: every order the live adapters
// send passes the exchange's filters, or is refused before sending with the minimum named.
import assert from "node:assert/strict";
import fc from "fast-check";
import { ManualClock } from "../../server/core/clock.ts";
import { dec, Decimal } from "../../server/core/decimal.shared.ts";
import { ExchangeError, type OrderRequest } from "../../server/exchanges/adapter.ts";
import { createBinanceAdapter } from "../../server/exchanges/binance.ts";
import { createGateAdapter } from "../../server/exchanges/gate.ts";
import { liveMarkets, REFRESH_MS, storedMarkets } from "../../server/exchanges/markets/markets.ts";
import { shapeOrder } from "../../server/exchanges/markets/rules.ts";
import { startFakeBinance } from "../fakes/fake-binance.ts";
import { startFakeGate } from "../fakes/fake-gate.ts";

const NOW = Date.UTC(2026, 0, 1, 12);
const RICH = { USDT: "1e12", FDUSD: "1e12", TUSD: "1e12", BTC: "1e6", ETH: "1e6", BNB: "1e6" };
const GATE_RICH = { ...RICH, UNDEAD: "1e12", NAFT: "1e12", MEPAD: "1e12" };

/** A price near where each pair trades, so amounts around the minimums are drawn often. */
const LEVEL: Record<string, number> = {
  btc_usdt: 60000,
  eth_usdt: 3000,
  bnb_usdt: 600,
  btc_fdusd: 60000,
  btc_tusd: 60000,
  undead_usdt: 0.002,
  naft_usdt: 0.0003,
  mepad_usdt: 0.004,
};

const orderArb = (pairs: string[]) =>
  fc.record({
    pair: fc.constantFrom(...pairs),
    side: fc.constantFrom("BUY" as const, "SELL" as const),
    type: fc.constantFrom("market" as const, "limit" as const),
    // What the trader asks for, in the quote currency: from dust to well above any minimum.
    spend: fc.double({ min: 0.01, max: 2000, noNaN: true }),
    move: fc.double({ min: 0.8, max: 1.25, noNaN: true }),
  });

async function checkEveryOrder(
  exchange: "binance" | "gate",
  place: (order: OrderRequest, price: string) => Promise<unknown>,
  book: (symbol: string, price: string) => void,
  sentCount: () => number,
) {
  const markets = storedMarkets();
  const pairs = await markets.pairs(exchange);
  let n = 0;
  let refused = 0;
  await fc.assert(
    fc.asyncProperty(orderArb(pairs), async ({ pair, side, type, spend, move }) => {
      const rule = (await markets.rule(exchange, pair))!;
      // A feed price with more decimals than the tick, as feeds send.
      const price = new Decimal(LEVEL[pair] * move).toDecimalPlaces(8).toFixed();
      book(rule.symbol, price);
      const order: OrderRequest = {
        pair,
        side,
        type,
        quantity: dec(spend).div(price).toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed(),
        ...(type === "limit" ? { price } : {}),
        ...(side === "BUY" ? { quoteAmount: dec(spend).toDecimalPlaces(8).toFixed() } : {}),
        clientOrderId: `p${++n}`,
      };
      const before = sentCount();
      try {
        await place(order, price);
        assert.equal(sentCount(), before + 1);
      } catch (err) {
        // The only refusal allowed: ours, before sending, naming the minimum.
        assert.ok(err instanceof ExchangeError, String(err));
        assert.equal(
          err.coded?.code,
          "exchange.minimumOrder",
          `refused by the exchange: ${err.message}`,
        );
        assert.equal(sentCount(), before, "refused before sending");
        refused++;
      }
    }),
    { numRuns: 300, seed: 15 },
  );
  // Both outcomes were exercised.
  assert.ok(refused > 10 && refused < 290, `refused ${refused} of 300`);
}

/** Each exchange's fake and live adapter, as the property test drives them. */
const VENUES = {
  binance: {
    title: "Binance",
    filters: "LOT_SIZE/PRICE_FILTER/NOTIONAL",
    start() {
      const fake = startFakeBinance({ now: () => NOW, balances: RICH });
      return { fake, book: (symbol: string, p: string) => fake.bookTicker(symbol, p, p) };
    },
    adapter: createBinanceAdapter,
  },
  gate: {
    title: "Gate",
    filters: "amount precision and minimums",
    start() {
      const fake = startFakeGate({ now: () => Math.floor(NOW / 1000), balances: GATE_RICH });
      return { fake, book: (symbol: string, p: string) => fake.ticker(symbol, p, p) };
    },
    adapter: createGateAdapter,
  },
} as const;

for (const exchange of ["binance", "gate"] as const) {
  const venue = VENUES[exchange];
  Deno.test(`property: every ${venue.title} order passes ${venue.filters} or is refused first`, async () => {
    const { fake, book } = venue.start();
    try {
      let price = "0";
      const adapter = venue.adapter({
        baseUrl: fake.restUrl,
        clock: new ManualClock(NOW),
        markets: storedMarkets(),
        priceOf: () => price,
      });
      const account = { id: "u", credentials: { key: fake.apiKey, secret: fake.secret } };
      await checkEveryOrder(
        exchange,
        (order) => adapter.placeOrder(account, order),
        (symbol, p) => {
          price = p;
          book(symbol, p);
        },
        () => fake.orders.length,
      );
    } finally {
      await fake.close();
    }
  });
}

Deno.test("binance: the issue's order goes out on the LOT_SIZE step, not with 8 decimals", async () => {
  const fake = startFakeBinance({ now: () => NOW });
  try {
    fake.bookTicker("BTCUSDT", "67232.1", "67232.2");
    const adapter = createBinanceAdapter({
      baseUrl: fake.restUrl,
      clock: new ManualClock(NOW),
      markets: storedMarkets(),
      priceOf: () => "67232.1",
    });
    const account = { id: "u", credentials: { key: fake.apiKey, secret: fake.secret } };
    const res = await adapter.placeOrder(account, {
      pair: "btc_usdt",
      side: "BUY",
      type: "market",
      quantity: "0.00148738",
      clientOrderId: "tx1",
    });
    assert.equal(fake.orders[0].quantity, "0.00148");
    assert.equal(res.filledQuantity, "0.00148");
    await assert.rejects(
      () =>
        adapter.placeOrder(account, {
          pair: "btc_usdt",
          side: "BUY",
          type: "market",
          quantity: "0.00007",
          clientOrderId: "tx2",
        }),
      /^ExchangeError: Minimum order on Binance BTC\/USDT is 5 USDT$/,
    );
    assert.equal(fake.orders.length, 1);
  } finally {
    await fake.close();
  }
});

Deno.test("gate: a market BUY spends the amount on the pair's precision and fills at the ask", async () => {
  const fake = startFakeGate({ now: () => Math.floor(NOW / 1000) });
  try {
    fake.ticker("BTC_USDT", "60000", "60010");
    const adapter = createGateAdapter({
      baseUrl: fake.restUrl,
      clock: new ManualClock(NOW),
      markets: storedMarkets(),
      priceOf: () => "60000",
    });
    const account = { id: "u", credentials: { key: fake.apiKey, secret: fake.secret } };
    const res = await adapter.placeOrder(account, {
      pair: "btc_usdt",
      side: "BUY",
      type: "market",
      quantity: "0.00166666",
      quoteAmount: "99.99940314",
      clientOrderId: "tx1",
    });
    assert.equal(fake.orders[0].amount, "99.9");
    assert.equal(res.filledPrice, "60010");
    assert.equal(res.feeAsset, "BTC");
    const sell = {
      pair: "btc_usdt",
      side: "SELL" as const,
      type: "market" as const,
      quantity: "0.00004999",
      clientOrderId: "tx2",
    };
    await assert.rejects(
      () => adapter.placeOrder(account, sell),
      /^ExchangeError: Minimum order on Gate BTC\/USDT is 3 USDT$/,
    );
    await adapter.placeOrder(account, { ...sell, quantity: "0.00123456789" });
    assert.equal(fake.orders[1].amount, "0.00123");
  } finally {
    await fake.close();
  }
});

Deno.test("the fakes refuse off-grid orders exactly as the exchanges do", async () => {
  const binance = startFakeBinance({ now: () => NOW });
  const gate = startFakeGate({ now: () => Math.floor(NOW / 1000) });
  try {
    binance.bookTicker("BTCUSDT", "60000");
    gate.ticker("BTC_USDT", "60000");
    // Adapters that skip our rules (a market list claiming 8-decimal steps and no minimum).
    const loose = {
      rule: async (exchange: "binance" | "gate", pair: string) => ({
        ...(await storedMarkets().rule(exchange, pair))!,
        stepSize: "0.00000001",
        quoteStep: exchange === "gate" ? "0.00000001" : undefined,
        minQty: "0",
        minNotional: "0",
      }),
      pairs: () => Promise.resolve(["btc_usdt"]),
      invalidate() {},
    };
    const clock = new ManualClock(NOW);
    const b = createBinanceAdapter({
      baseUrl: binance.restUrl,
      clock,
      markets: loose,
      priceOf: () => "60000",
    });
    const g = createGateAdapter({
      baseUrl: gate.restUrl,
      clock,
      markets: loose,
      priceOf: () => "60000",
    });
    const order = (quantity: string, side: "BUY" | "SELL" = "SELL") => ({
      pair: "btc_usdt",
      side,
      type: "market" as const,
      quantity,
      clientOrderId: `c${quantity}${side}`,
    });
    const bAccount = { id: "u", credentials: { key: binance.apiKey, secret: binance.secret } };
    const gAccount = { id: "u", credentials: { key: gate.apiKey, secret: gate.secret } };
    // The exchanges' own codes and labels (server/exchanges/README.md names the sources).
    const refusals: [typeof b, typeof bAccount, string, string, string][] = [
      [b, bAccount, "0.00148738", "-1013", "Filter failure: LOT_SIZE"],
      [b, bAccount, "0.00002", "-1013", "Filter failure: NOTIONAL"],
      [b, bAccount, "5", "-2010", "Account has insufficient balance for requested action."],
      [g, gAccount, "0.00148738", "INVALID_PRECISION", "Invalid amount precision: at most 5"],
      [
        g,
        gAccount,
        "0.00001",
        "INVALID_PARAM_VALUE",
        "Your order size 0.6 USDT is too small. The minimum is 3 USDT",
      ],
      [g, gAccount, "5", "BALANCE_NOT_ENOUGH", "Not enough balance"],
    ];
    for (const [adapter, account, quantity, code, message] of refusals) {
      await assert.rejects(
        () => adapter.placeOrder(account, order(quantity)),
        (err: Error) =>
          err instanceof ExchangeError && err.code === code && err.message === message,
        `${adapter.name} ${quantity}: ${code}`,
      );
    }
  } finally {
    await binance.close();
    await gate.close();
  }
});

Deno.test("live markets: loaded from the exchange, reused for an hour, reloaded after a filter refusal", async () => {
  const fake = startFakeBinance({ now: () => NOW });
  try {
    const clock = new ManualClock(NOW);
    const asked: string[] = [];
    const markets = liveMarkets({
      urls: { binance: fake.restUrl, gate: "http://127.0.0.1:9" },
      clock,
      fetch: (input, init) => {
        asked.push(new URL(String(input)).pathname);
        return fetch(input, init);
      },
      log: () => {},
    });
    assert.equal((await markets.rule("binance", "btc_usdt"))?.stepSize, "0.00001");
    assert.equal(await markets.rule("binance", "btc_usd"), undefined, "Binance has no BTCUSD");
    await markets.rule("binance", "eth_usdt");
    assert.deepEqual(asked, ["/api/v3/exchangeInfo"]);
    clock.advance(REFRESH_MS);
    await markets.rule("binance", "eth_usdt");
    assert.equal(asked.length, 2, "hourly");
    markets.invalidate("binance");
    await markets.pairs("binance");
    assert.equal(asked.length, 3, "after a filter refusal");
    // Gate cannot be reached: the stored copy stands in.
    assert.equal((await markets.rule("gate", "btc_usdt"))?.stepSize, "0.00001");
  } finally {
    await fake.close();
  }
});

Deno.test("market rules: maximums and the taker fee come from the exchanges' own lists", async () => {
  const markets = storedMarkets();
  const binance = (await markets.rule("binance", "btc_usdt"))!;
  // The smaller of LOT_SIZE and MARKET_LOT_SIZE maxQty (both 9000 in the stored copy).
  assert.equal(binance.maxQty, "9000");
  assert.equal(binance.maxNotional, undefined);
  assert.equal(binance.takerFee, "0.001");
  const gate = (await markets.rule("gate", "btc_usdt"))!;
  assert.equal(gate.maxNotional, "5000000");
  assert.equal(gate.takerFee, "0.002");
  const order = (quantity: string): OrderRequest => ({
    pair: "btc_usdt",
    side: "SELL",
    type: "market",
    quantity,
    clientOrderId: "m",
  });
  assert.throws(
    () => shapeOrder(binance, order("9000.00001"), "60000"),
    /^ExchangeError: Maximum order on Binance BTC\/USDT is 9000 BTC$/,
  );
  assert.equal(shapeOrder(binance, order("9000"), "60000").quantity, "9000");
  assert.throws(
    () => shapeOrder(gate, order("100"), "60000"),
    /^ExchangeError: Maximum order on Gate BTC\/USDT is 5000000 USDT$/,
  );
});
