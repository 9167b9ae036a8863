// The desk chart's older bars from the exchange's own history (issue 28): with a live market
// (MARKET_FEED) the closed bars nothing was recorded for come from Binance's klines or Gate's
// candlesticks (fakes serving the real wire formats); recorded bars win where both exist; an
// exchange that fails or hangs leaves the recorded bars, still 200; answered bars are cached, so a
// second page load asks the exchange nothing; the simulated market has no history.
import assert from "node:assert/strict";
import type { Config } from "../../server/config.ts";
import { ManualClock } from "../../server/core/clock.ts";
import { candles } from "../../server/db/schema.ts";
import type { DeskCandlesAnswer } from "../../server/desk/schema.shared.ts";
import { createExchanges } from "../../server/exchanges/exchanges.ts";
import { HISTORY_RETRY_MS } from "../../server/exchanges/history.ts";
import { type FakeBar, startFakeBinance } from "../fakes/fake-binance.ts";
import { startFakeGate } from "../fakes/fake-gate.ts";
import { makeTestApp, type TestApp, type TestUser } from "../support/test-app.ts";
import { expectStatus } from "./transactions-fixtures.ts";

const MIN = 60_000;
/** How long the chart waits for the history here: a hang times out fast. */
const TIMEOUT_MS = 150;

async function desk(feed: Config["MARKET_FEED"]) {
  const clock = new ManualClock();
  const binance = startFakeBinance({ now: () => clock.now().getTime() });
  const gate = startFakeGate({ now: () => Math.floor(clock.now().getTime() / 1000) });
  const t = await makeTestApp({
    MARKET_FEED: feed,
    BINANCE_REST_URL: binance.restUrl,
    BINANCE_WS_URL: binance.wsUrl,
    GATE_REST_URL: gate.restUrl,
    GATE_WS_URL: gate.wsUrl,
  }, { clock });
  t.deps.exchanges = createExchanges({
    config: t.deps.config,
    database: t.deps.database,
    clock,
    market: t.market,
    historyTimeoutMs: TIMEOUT_MS,
  });
  const user = await t.user("User");
  // The clock half a minute into a minute: `bar(0)` is the open one.
  const now = clock.now().getTime();
  clock.advance(Math.floor(now / MIN) * MIN + MIN + 30_000 - now);
  return {
    t,
    user,
    binance,
    gate,
    close: async () => {
      await t.close();
      await binance.close();
      await gate.close();
    },
  };
}

/** Open time of the bar `n` intervals of `step` after the current one. */
const barAt = (t: TestApp, n: number, step = MIN) =>
  Math.floor(t.clock.now().getTime() / step) * step + n * step;

/** The exchange's bars, priced apart from the recorded ones (50000s against 61000s). */
const exchangeBars = (opens: number[]): FakeBar[] =>
  opens.map((t, i) => ({
    t,
    o: `${50000 + i}.10`,
    h: `${50100 + i}.20`,
    l: `${49900 + i}.30`,
    c: `${50000 + i}.40`,
  }));

async function record(t: TestApp, exchange: "binance" | "gate", opens: number[]) {
  await t.deps.db.insert(candles).values(opens.map((at) => ({
    exchange,
    pair: "btc_usdt",
    openTime: new Date(at),
    open: "61000",
    high: "61100",
    low: "60900",
    close: "61050",
  })));
}

const chart = (t: TestApp, who: TestUser, query: string) =>
  expectStatus(t, 200, "GET", `/api/desk/candles?${query}`, {
    token: who.token,
  }) as Promise<DeskCandlesAnswer>;

Deno.test("desk history: Binance's older minutes under the recorded ones, cached", async () => {
  const d = await desk("binance");
  try {
    const { t, user, binance } = d;
    const m = (n: number) => barAt(t, n);
    // Binance has the last five closed minutes and the open one; the engine recorded two.
    binance.candles("BTCUSDT", "1m", exchangeBars([-5, -4, -3, -2, -1, 0].map(m)));
    await record(t, "binance", [m(-2), m(-1)]);

    const q = "exchange=binance&pair=btc_usdt&interval=1m&limit=6";
    const first = await chart(t, user, q);
    assert.deepEqual(first.candles.map((c) => c.t), [-5, -4, -3, -2, -1].map(m));
    assert.deepEqual(first.candles.slice(0, 3), exchangeBars([-5, -4, -3].map(m)));
    for (const c of first.candles.slice(3)) {
      assert.equal(Number(c.c), 61050, "the recorded bar wins over Binance's");
    }
    // One request, for the closed minutes nothing was recorded for, as ccxt sends it.
    assert.deepEqual(binance.historyRequests, [{
      symbol: "BTCUSDT",
      interval: "1m",
      startTime: String(m(-5)),
      endTime: String(m(-3)),
      limit: "1000",
    }]);

    const again = await chart(t, user, q);
    assert.deepEqual(again.candles, first.candles);
    assert.equal(binance.historyRequests.length, 1, "the second load is served from the cache");

    // A bar Binance had nothing for is remembered as such too.
    const wider = await chart(t, user, "exchange=binance&pair=btc_usdt&interval=1m&limit=8");
    assert.deepEqual(wider.candles.map((c) => c.t), [-5, -4, -3, -2, -1].map(m));
    assert.equal(binance.historyRequests.length, 2);
    assert.equal(binance.historyRequests[1].endTime, String(m(-6)));
    await chart(t, user, "exchange=binance&pair=btc_usdt&interval=1m&limit=8");
    assert.equal(binance.historyRequests.length, 2);
  } finally {
    await d.close();
  }
});

Deno.test("desk history: Gate's candlesticks for wider bars; the simulated exchange has none", async () => {
  const d = await desk("gate");
  try {
    const { t, user, gate, binance } = d;
    const step = 5 * MIN;
    const b = (n: number) => barAt(t, n, step);
    gate.candles("BTC_USDT", "5m", exchangeBars([-3, -2, -1].map(b)));
    await record(t, "gate", [b(-1), b(-1) + MIN]);

    const five = await chart(t, user, "exchange=gate&pair=btc_usdt&interval=5m&limit=4");
    assert.deepEqual(five.candles.map((c) => c.t), [-3, -2, -1].map(b));
    assert.deepEqual(five.candles.slice(0, 2), exchangeBars([-3, -2].map(b)));
    assert.equal(Number(five.candles[2].o), 61000, "the recorded bar wins over Gate's");
    assert.deepEqual(gate.historyRequests, [{
      currency_pair: "BTC_USDT",
      interval: "5m",
      from: String(b(-3) / 1000),
      to: String(b(-2) / 1000),
    }]);

    // Binance is simulated here: its chart is what was recorded, and Binance is not asked.
    binance.candles("BTCUSDT", "1m", exchangeBars([barAt(t, -2)]));
    const sim = await chart(t, user, "exchange=binance&pair=btc_usdt&interval=1m&limit=3");
    assert.deepEqual(sim.candles.filter((c) => c.t < barAt(t, 0)), []);
    assert.equal(binance.historyRequests.length, 0);
  } finally {
    await d.close();
  }
});

Deno.test("desk history: an exchange that hangs or fails leaves the recorded bars, 200", async () => {
  const d = await desk("binance");
  try {
    const { t, user, binance } = d;
    const q = "exchange=binance&pair=btc_usdt&interval=1h&limit=3";
    const h = (n: number) => barAt(t, n, 60 * MIN);
    binance.candles("BTCUSDT", "1h", exchangeBars([-2, -1].map(h)));
    await record(t, "binance", [h(0)]);

    binance.historyTrouble("hang");
    const started = performance.now();
    const hung = await chart(t, user, q);
    assert.deepEqual(hung.candles.map((c) => c.t), [h(0)]);
    assert.ok(performance.now() - started < TIMEOUT_MS + 2_000, "answered after the timeout");
    assert.equal(binance.historyRequests.length, 1);

    // Resting after a failure: the next loads do not wait for Binance again.
    binance.historyTrouble(null);
    assert.deepEqual((await chart(t, user, q)).candles.map((c) => c.t), [h(0)]);
    assert.equal(binance.historyRequests.length, 1);

    t.clock.advance(HISTORY_RETRY_MS);
    binance.historyTrouble("503");
    assert.deepEqual((await chart(t, user, q)).candles.map((c) => c.t), [h(0)]);
    assert.equal(binance.historyRequests.length, 2);

    t.clock.advance(HISTORY_RETRY_MS);
    binance.historyTrouble(null);
    const back = await chart(t, user, q);
    assert.deepEqual(back.candles.map((c) => c.t), [h(-2), h(-1), h(0)]);
  } finally {
    await d.close();
  }
});

Deno.test("fakes' history: limits and errors as the exchanges answer them", async () => {
  const binance = startFakeBinance();
  const gate = startFakeGate();
  try {
    const get = async (url: string) => {
      const res = await fetch(url);
      return { status: res.status, body: await res.json() };
    };
    assert.deepEqual(
      await get(`${binance.restUrl}/api/v3/klines?symbol=BTCUSDT&interval=2m`),
      { status: 400, body: { code: -1120, msg: "Invalid interval." } },
    );
    assert.deepEqual(
      await get(`${binance.restUrl}/api/v3/klines?symbol=BTCUSDT&interval=1m&limit=1001`),
      { status: 400, body: { code: -1130, msg: "Data sent for parameter 'limit' is not valid." } },
    );
    binance.candles("BTCUSDT", "1m", exchangeBars([0, MIN, 2 * MIN]));
    const kl = await get(`${binance.restUrl}/api/v3/klines?symbol=BTCUSDT&interval=1m&limit=2`);
    assert.equal(kl.body.length, 2);
    assert.deepEqual(kl.body[1].slice(0, 7), [
      MIN,
      "50001.10",
      "50101.20",
      "49901.30",
      "50001.40",
      "1.00000000",
      2 * MIN - 1,
    ]);

    assert.deepEqual(
      await get(`${gate.restUrl}/api/v4/spot/candlesticks?currency_pair=BTC_USDT&interval=2m`),
      {
        status: 400,
        body: {
          label: "INVALID_PARAM_VALUE",
          message: "Invalid request parameter `interval` value: 2m",
        },
      },
    );
    const broad = await get(
      `${gate.restUrl}/api/v4/spot/candlesticks?currency_pair=BTC_USDT&interval=1m&from=0&to=60000`,
    );
    assert.equal(broad.status, 400);
    assert.equal(broad.body.label, "INVALID_PARAM_VALUE");
    gate.candles("BTC_USDT", "1m", exchangeBars([0, MIN]));
    const cs = await get(
      `${gate.restUrl}/api/v4/spot/candlesticks?currency_pair=BTC_USDT&interval=1m&from=0&to=59940`,
    );
    assert.deepEqual(cs.body[1], [
      "60",
      "50001.4",
      "50001.40",
      "50101.20",
      "49901.30",
      "50001.10",
      "1",
      "true",
    ]);
  } finally {
    await binance.close();
    await gate.close();
  }
});
