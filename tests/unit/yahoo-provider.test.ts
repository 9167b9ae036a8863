import assert from "node:assert/strict";
import { ManualClock } from "../../server/core/clock.ts";
import { AppError } from "../../server/core/errors.ts";
import { SourceUnavailable } from "../../server/yahoo-finance/provider.ts";
import type { ChartQuery } from "../../server/yahoo-finance/schema.ts";
import { yahooProvider } from "../../server/yahoo-finance/yahoo-provider.ts";
import { fakeBar, type FakeYahooOptions, startFakeYahoo } from "../fakes/fake-yahoo.ts";

const DAY = 86_400;
const P1 = Date.UTC(2025, 11, 1) / 1000;
const tenDays: ChartQuery = {
  symbol: "BTC-USD",
  interval: "1d",
  period1: P1,
  period2: P1 + 10 * DAY,
};

async function withFake(
  opts: FakeYahooOptions,
  fn: (ctx: {
    fake: ReturnType<typeof startFakeYahoo>;
    clock: ManualClock;
    provider: ReturnType<typeof yahooProvider>;
  }) => Promise<void>,
) {
  const fake = startFakeYahoo(opts);
  const clock = new ManualClock();
  try {
    await fn({
      fake,
      clock,
      provider: yahooProvider({ baseUrl: fake.url, clock, timeoutMs: 200 }),
    });
  } finally {
    await fake.close();
  }
}

Deno.test("yahooProvider: asks the v8 chart path and reads the parallel arrays into quotes", async () => {
  await withFake({}, async ({ fake, provider }) => {
    const quotes = await provider.chart(tenDays);
    assert.equal(fake.requests.length, 1);
    const url = fake.requests[0];
    assert.equal(url.pathname, "/v8/finance/chart/BTC-USD");
    assert.equal(url.searchParams.get("period1"), String(tenDays.period1));
    assert.equal(url.searchParams.get("period2"), String(tenDays.period2));
    assert.equal(url.searchParams.get("interval"), "1d");
    assert.equal(quotes.length, 10);
    const t = P1 + 3 * DAY;
    assert.deepEqual(quotes[3], { date: new Date(t * 1000).toISOString(), ...fakeBar(t) });
  });
});

Deno.test("yahooProvider: drops the quotes that hold nulls and keeps their neighbours", async () => {
  await withFake({ gap: (i) => i % 4 === 1 }, async ({ provider }) => {
    const quotes = await provider.chart(tenDays);
    // Indexes 1, 5, 9 are gaps.
    assert.equal(quotes.length, 7);
    const days = quotes.map((q) => (Date.parse(q.date) / 1000 - P1) / DAY);
    assert.deepEqual(days, [0, 2, 3, 4, 6, 7, 8]);
  });
});

Deno.test("yahooProvider: an empty range answers no quotes", async () => {
  await withFake({}, async ({ provider }) => {
    const quotes = await provider.chart({ ...tenDays, period1: P1 + 1, period2: P1 + 100 });
    assert.deepEqual(quotes, []);
  });
});

Deno.test("yahooProvider: Yahoo's error description becomes a 502 message", async () => {
  await withFake({}, async ({ fake, provider }) => {
    fake.queue({
      status: 400,
      body: {
        chart: {
          result: null,
          error: {
            code: "Bad Request",
            description: "1m data not available for startTime=1 and endTime=2.",
          },
        },
      },
    });
    await assert.rejects(provider.chart(tenDays), (err: unknown) => {
      assert.ok(err instanceof AppError);
      assert.equal(err.status, 502);
      assert.equal(
        err.message,
        "Yahoo Finance: 1m data not available for startTime=1 and endTime=2.",
      );
      return true;
    });
  });
});

Deno.test("yahooProvider: an answer of another shape is a 502, not a crash", async () => {
  await withFake({}, async ({ fake, provider }) => {
    fake.queue({ status: 200, body: { chart: { result: [{ timestamp: ["x"] }] } } });
    await assert.rejects(provider.chart(tenDays), (err: unknown) => {
      assert.ok(err instanceof AppError);
      assert.equal(err.status, 502);
      assert.match(err.message, /unexpected answer/);
      return true;
    });
  });
});

Deno.test("yahooProvider: a 5xx, a hang and a closed port are SourceUnavailable", async () => {
  await withFake({}, async ({ fake, provider }) => {
    fake.queue({ status: 503, body: { message: "down" } }, "hang");
    await assert.rejects(provider.chart(tenDays), /HTTP 503/);
    await assert.rejects(provider.chart(tenDays), (err: unknown) => {
      assert.ok(err instanceof SourceUnavailable);
      assert.match(err.message, /no answer within 200 ms/);
      return true;
    });
    // Still working afterwards.
    assert.equal((await provider.chart(tenDays)).length, 10);
  });
  const fake = startFakeYahoo();
  const url = fake.url;
  await fake.close();
  const closed = yahooProvider({ baseUrl: url, clock: new ManualClock() });
  await assert.rejects(closed.chart(tenDays), SourceUnavailable);
});

Deno.test("yahooProvider: after a 429 it backs off without calling Yahoo, doubling each time", async () => {
  await withFake({}, async ({ fake, provider, clock }) => {
    fake.queue({ status: 429, body: "Too Many Requests" });
    await assert.rejects(provider.chart(tenDays), /rate limited \(HTTP 429\)/);
    assert.equal(fake.requests.length, 1);
    await assert.rejects(provider.chart(tenDays), /backing off until/);
    assert.equal(fake.requests.length, 1);

    clock.advance(30_000);
    fake.queue({ status: 429, body: "Too Many Requests" });
    await assert.rejects(provider.chart(tenDays), SourceUnavailable);
    assert.equal(fake.requests.length, 2);
    // The second strike waits 60 s.
    clock.advance(59_000);
    await assert.rejects(provider.chart(tenDays), /backing off/);
    assert.equal(fake.requests.length, 2);
    clock.advance(1_000);
    assert.equal((await provider.chart(tenDays)).length, 10);
    assert.equal(fake.requests.length, 3);

    // A success resets the strikes: the next 429 waits 30 s again.
    fake.queue({ status: 429, body: "Too Many Requests" });
    await assert.rejects(provider.chart(tenDays), SourceUnavailable);
    clock.advance(30_000);
    assert.equal((await provider.chart(tenDays)).length, 10);
  });
});

Deno.test("yahooProvider: a 429's Retry-After sets the wait", async () => {
  await withFake({}, async ({ fake, provider, clock }) => {
    fake.queue({ status: 429, body: "slow down", headers: { "retry-after": "5" } });
    await assert.rejects(provider.chart(tenDays), SourceUnavailable);
    clock.advance(4_999);
    await assert.rejects(provider.chart(tenDays), /backing off/);
    clock.advance(1);
    assert.equal((await provider.chart(tenDays)).length, 10);
    assert.equal(fake.requests.length, 2);
  });
});
