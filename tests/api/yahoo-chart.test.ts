import assert from "node:assert/strict";
import { candles } from "../../server/db/schema.ts";
import { CACHE_TTL_MS } from "../../server/yahoo-finance/service.ts";
import { fakeBar, type FakeYahooOptions, startFakeYahoo } from "../fakes/fake-yahoo.ts";
import { makeTestApp, type TestApp } from "../support/test-app.ts";
import type { Config } from "../../server/config.ts";

const DAY = 86_400;
// The test clock starts at 2026-01-01 12:00 UTC.
const JAN1 = Date.UTC(2026, 0, 1) / 1000;
const DEC1 = Date.UTC(2025, 11, 1) / 1000;

const path = (q: Record<string, string | number>) =>
  `/api/yahoo-finance/chart?${new URLSearchParams(
    Object.entries(q).map(([k, v]) => [k, String(v)]),
  )}`;
const daily = path({ symbol: "BTC-USD", interval: "1d", period1: DEC1, period2: DEC1 + 10 * DAY });

async function withApp(
  config: Partial<Config>,
  fakeOpts: FakeYahooOptions,
  fn: (t: TestApp, fake: ReturnType<typeof startFakeYahoo>, token: string) => Promise<void>,
) {
  const fake = startFakeYahoo(fakeOpts);
  const t = await makeTestApp({ YAHOO_URL: fake.url, ...config });
  try {
    const { token } = await t.user("User");
    await fn(t, fake, token);
  } finally {
    await t.close();
    await fake.close();
  }
}

interface Candle {
  at: string;
  open: string;
  high: string;
  low: string;
  close: string;
  volume?: string;
  exchange?: string;
  pair?: string;
}

function insertCandles(t: TestApp, rows: Candle[]) {
  return t.deps.db.insert(candles).values(rows.map((r) => ({
    exchange: r.exchange ?? "binance",
    pair: r.pair ?? "btc_usdt",
    openTime: new Date(r.at),
    open: r.open,
    high: r.high,
    low: r.low,
    close: r.close,
    volume: r.volume ?? "0",
  })));
}

/** Ten minutes from 10:00 on Jan 1, prices 100 + minute, plus rows that must not be read. */
function tenMinutes(t: TestApp) {
  const rows: Candle[] = Array.from({ length: 10 }, (_, m) => ({
    at: `2026-01-01T10:0${m}:00Z`,
    open: String(100 + m),
    high: String(110 + m),
    low: String(90 + m),
    close: `${100 + m}.5`,
    volume: "1.25",
  }));
  rows.push(
    { ...rows[0], exchange: "gate", high: "999" },
    { ...rows[0], pair: "eth_usdt", high: "999" },
    { ...rows[0], at: "2026-01-01T09:59:00Z", high: "999" },
  );
  return insertCandles(t, rows);
}

Deno.test("GET /yahoo-finance/chart: answers Yahoo's quotes with source yahoo, nulls dropped", async () => {
  await withApp({}, { gap: (i) => i === 2 }, async (t, fake, token) => {
    const res = await t.call("GET", daily, { token });
    assert.equal(res.status, 200);
    const body = await res.json();
    assert.equal(body.source, "yahoo");
    assert.equal(body.quotes.length, 9);
    const t3 = DEC1 + 3 * DAY;
    assert.deepEqual(body.quotes[2], { date: new Date(t3 * 1000).toISOString(), ...fakeBar(t3) });
    assert.equal(fake.requests.length, 1);
  });
});

Deno.test("GET /yahoo-finance/chart: any signed-in role may read it; no token is 401", async () => {
  await withApp({}, {}, async (t) => {
    assert.equal((await t.call("GET", daily)).status, 401);
    for (const role of ["SuperAdmin", "Admin", "Lead", "User"] as const) {
      const { token } = await t.user(role);
      assert.equal((await t.call("GET", daily, { token })).status, 200, role);
    }
  });
});

Deno.test("GET /yahoo-finance/chart: bad input is 400 with a message and asks nobody", async () => {
  await withApp({}, {}, async (t, fake, token) => {
    const ok = { symbol: "BTC-USD", interval: "1d", period1: DEC1, period2: DEC1 + DAY };
    const cases: Array<[Record<string, string | number>, RegExp]> = [
      [{ ...ok, interval: "1h" }, /^interval: /],
      [{ ...ok, interval: "" }, /^interval: /],
      [{ ...ok, symbol: "AAPL" }, /^symbol: /],
      [{ ...ok, period1: "yesterday" }, /^period1: must be epoch seconds/],
      [{ ...ok, period2: ok.period1 }, /^period2: period1 must be before period2/],
      [{ symbol: "BTC-USD", interval: "1d" }, /^period1: /],
      [
        { ...ok, interval: "1m", period1: JAN1 - 8 * DAY, period2: JAN1 },
        /^Interval 1m covers at most 7 days per request: choose a shorter range\.$/,
      ],
      [
        { ...ok, interval: "1m", period1: JAN1 - 30 * DAY, period2: JAN1 - 29 * DAY },
        /^Interval 1m reaches back only 30 days: start on or after 2025-12-03\.$/,
      ],
      [
        { ...ok, interval: "90m", period1: JAN1 - 61 * DAY, period2: JAN1 },
        /^Interval 90m reaches back only 60 days/,
      ],
    ];
    for (const [q, message] of cases) {
      const res = await t.call("GET", path(q), { token });
      assert.equal(res.status, 400, JSON.stringify(q));
      assert.match((await res.json()).message, message);
    }
    assert.equal(fake.requests.length, 0);
    const inReach = { ...ok, interval: "1m", period1: JAN1 - 7 * DAY, period2: JAN1 };
    assert.equal((await t.call("GET", path(inReach), { token })).status, 200);
  });
});

Deno.test("GET /yahoo-finance/chart: the widest ranges allowed are ones Yahoo serves", async () => {
  // The fake refuses as Yahoo does (422) by the test clock: 2026-01-01 12:00 UTC.
  await withApp({}, { now: () => JAN1 + DAY / 2 }, async (t, fake, token) => {
    const edges = [
      // 1m: 7 days per request, from the first whole day within the last 30 (2025-12-03).
      {
        interval: "1m",
        period1: Date.UTC(2025, 11, 3) / 1000,
        period2: Date.UTC(2025, 11, 10) / 1000,
      },
      { interval: "90m", period1: Date.UTC(2025, 10, 3) / 1000, period2: JAN1 },
      {
        interval: "60m",
        period1: Date.UTC(2024, 0, 3) / 1000,
        period2: Date.UTC(2024, 0, 5) / 1000,
      },
    ];
    for (const edge of edges) {
      const res = await t.call("GET", path({ symbol: "BTC-USD", ...edge }), { token });
      assert.equal(res.status, 200, `${edge.interval}: ${await res.text()}`);
      const before = { ...edge, period1: edge.period1 - 1 };
      const refused = await t.call("GET", path({ symbol: "BTC-USD", ...before }), { token });
      assert.equal(refused.status, 400, edge.interval);
    }
    assert.equal(fake.requests.length, 3, "only the allowed ones reached Yahoo");
  });
});

Deno.test("GET /yahoo-finance/chart: Yahoo's own error is a 502 with its description", async () => {
  await withApp({}, {}, async (t, fake, token) => {
    fake.queue({
      status: 404,
      body: {
        chart: {
          result: null,
          error: { code: "Not Found", description: "No data found, symbol may be delisted" },
        },
      },
    });
    const res = await t.call("GET", daily, { token });
    assert.equal(res.status, 502);
    assert.equal(
      (await res.json()).message,
      "Yahoo Finance: No data found, symbol may be delisted",
    );
    // Failures are not cached: the next request asks again.
    assert.equal((await t.call("GET", daily, { token })).status, 200);
    assert.equal(fake.requests.length, 2);
  });
});

Deno.test("GET /yahoo-finance/chart: recorded aggregates 1-minute candles of binance btc_usdt", async () => {
  await withApp({ YAHOO_PROVIDER: "recorded" }, {}, async (t, fake, token) => {
    await tenMinutes(t);
    const q = { symbol: "BTC-USD", period1: JAN1 + 10 * 3600, period2: JAN1 + 11 * 3600 };
    const one = await (await t.call("GET", path({ ...q, interval: "1m" }), { token })).json();
    assert.equal(one.source, "recorded");
    assert.equal(one.quotes.length, 10);
    assert.deepEqual(one.quotes[3], {
      date: "2026-01-01T10:03:00.000Z",
      open: 103,
      high: 113,
      low: 93,
      close: 103.5,
      volume: 1.25,
    });

    const five = await (await t.call("GET", path({ ...q, interval: "5m" }), { token })).json();
    assert.deepEqual(five.quotes, [
      {
        date: "2026-01-01T10:00:00.000Z",
        open: 100,
        high: 114,
        low: 90,
        close: 104.5,
        volume: 6.25,
      },
      {
        date: "2026-01-01T10:05:00.000Z",
        open: 105,
        high: 119,
        low: 95,
        close: 109.5,
        volume: 6.25,
      },
    ]);
    assert.equal(fake.requests.length, 0);
  });
});

Deno.test("GET /yahoo-finance/chart: recorded days, weeks (Monday), months and quarters in UTC", async () => {
  await withApp({ YAHOO_PROVIDER: "recorded" }, {}, async (t, _fake, token) => {
    const c = (at: string, price: number): Candle => ({
      at,
      open: String(price),
      high: String(price + 1),
      low: String(price - 1),
      close: String(price),
    });
    await insertCandles(t, [
      c("2025-10-15T12:00:00Z", 10), // Wednesday
      c("2025-11-03T00:00:00Z", 20), // Monday
      c("2025-11-05T08:00:00Z", 30), // Wednesday, same week
      c("2025-12-31T23:59:00Z", 40),
      c("2026-01-01T00:00:00Z", 50),
    ]);
    const period1 = Date.UTC(2025, 9, 1) / 1000;
    const get = async (interval: string) => {
      const res = await t.call("GET", path({ interval, period1, period2: JAN1 + DAY }), { token });
      return (await res.json()).quotes.map((q: { date: string; open: number; close: number }) =>
        `${q.date.slice(0, 10)} ${q.open}-${q.close}`
      );
    };
    assert.deepEqual(await get("1d"), [
      "2025-10-15 10-10",
      "2025-11-03 20-20",
      "2025-11-05 30-30",
      "2025-12-31 40-40",
      "2026-01-01 50-50",
    ]);
    assert.deepEqual(await get("1wk"), [
      "2025-10-13 10-10",
      "2025-11-03 20-30",
      "2025-12-29 40-50",
    ]);
    assert.deepEqual(await get("1mo"), [
      "2025-10-01 10-10",
      "2025-11-01 20-30",
      "2025-12-01 40-40",
      "2026-01-01 50-50",
    ]);
    assert.deepEqual(await get("3mo"), ["2025-10-01 10-40", "2026-01-01 50-50"]);
  });
});

Deno.test("GET /yahoo-finance/chart: falls back to recorded when Yahoo is down or unreachable", async () => {
  await withApp({}, {}, async (t, fake, token) => {
    await tenMinutes(t);
    const q = {
      symbol: "BTC-USD",
      interval: "5m",
      period1: JAN1 + 10 * 3600,
      period2: JAN1 + 11 * 3600,
    };
    fake.queue({ status: 503, body: "Service Unavailable" });
    const down = await (await t.call("GET", path(q), { token })).json();
    assert.equal(down.source, "recorded");
    assert.equal(down.quotes.length, 2);
    assert.equal(fake.requests.length, 1);
  });
  const gone = startFakeYahoo();
  await gone.close();
  await withApp({ YAHOO_URL: gone.url }, {}, async (t, _fake, token) => {
    const body = await (await t.call("GET", daily, { token })).json();
    assert.deepEqual(body, { quotes: [], source: "recorded" });
  });
});

Deno.test("GET /yahoo-finance/chart: after a 429 it serves recorded and leaves Yahoo alone", async () => {
  await withApp({}, {}, async (t, fake, token) => {
    fake.queue({ status: 429, body: "Too Many Requests" });
    const first = await (await t.call("GET", daily, { token })).json();
    assert.equal(first.source, "recorded");
    const other = path({ interval: "1wk", period1: DEC1, period2: JAN1 });
    assert.equal((await (await t.call("GET", other, { token })).json()).source, "recorded");
    assert.equal(fake.requests.length, 1);
  });
});

Deno.test("GET /yahoo-finance/chart: concurrent identical requests make one upstream call, cached 60 s", async () => {
  await withApp({}, { delayMs: 50 }, async (t, fake, token) => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => t.call("GET", daily, { token }).then((r) => r.json())),
    );
    assert.equal(fake.requests.length, 1);
    for (const a of answers) assert.deepEqual(a, answers[0]);
    assert.equal(answers[0].quotes.length, 10);

    t.clock.advance(CACHE_TTL_MS - 1);
    await t.call("GET", daily, { token });
    assert.equal(fake.requests.length, 1);
    // Another range is another key.
    await t.call("GET", path({ interval: "1d", period1: DEC1, period2: DEC1 + 5 * DAY }), {
      token,
    });
    assert.equal(fake.requests.length, 2);
    t.clock.advance(1);
    await t.call("GET", daily, { token });
    assert.equal(fake.requests.length, 3);
  });
});
