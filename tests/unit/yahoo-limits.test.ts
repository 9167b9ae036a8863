import assert from "node:assert/strict";
import { earliestStart, rangeProblem } from "../../server/yahoo-finance/limits.ts";
import { chartQuerySchema, INTERVALS } from "../../server/yahoo-finance/schema.ts";

const NOW = Date.UTC(2026, 0, 20, 15, 30) / 1000;
const DAY = 86_400;

const at = (y: number, m: number, d: number, h = 0) => Date.UTC(y, m, d, h) / 1000;

Deno.test("earliestStart: Yahoo's look-back (1m 30 days, 60m 730, others 60), whole days inside it", () => {
  // NOW - 30 days is 2025-12-21 15:30: the first whole day inside is the 22nd.
  assert.equal(earliestStart("1m", NOW), at(2025, 11, 22));
  for (const interval of ["2m", "5m", "15m", "30m", "90m"] as const) {
    assert.equal(earliestStart(interval, NOW), at(2025, 10, 22), interval);
  }
  assert.equal(earliestStart("60m", NOW), at(2024, 0, 22));
  for (const interval of ["1d", "5d", "1wk", "1mo", "3mo"] as const) {
    assert.equal(earliestStart(interval, NOW), null, interval);
  }
  // On a day boundary the limit is that very second.
  assert.equal(earliestStart("1m", at(2026, 0, 31)), at(2026, 0, 1));
});

Deno.test("rangeProblem: at the edges of each interval's look-back", () => {
  const cases: [string, number][] = [["1m", at(2025, 11, 22)], ["90m", at(2025, 10, 22)], [
    "60m",
    at(2024, 0, 22),
  ]];
  for (const [interval, earliest] of cases) {
    const i = interval as "1m" | "60m" | "90m";
    assert.equal(rangeProblem(i, earliest, earliest + DAY, NOW), null, interval);
    assert.match(
      rangeProblem(i, earliest - 1, earliest + DAY, NOW)!.text,
      /reaches back only/,
      interval,
    );
  }
  assert.equal(
    rangeProblem("1m", at(2025, 11, 22) - 1, at(2025, 11, 23), NOW)?.text,
    "Interval 1m reaches back only 30 days: start on or after 2025-12-22.",
  );
  assert.equal(rangeProblem("1d", 0, NOW, NOW), null);
});

Deno.test("rangeProblem: 1m spans at most 7 days per request, to the second", () => {
  const start = at(2026, 0, 10);
  assert.equal(rangeProblem("1m", start, start + 7 * DAY, NOW), null);
  assert.equal(
    rangeProblem("1m", start, start + 7 * DAY + 1, NOW)?.text,
    "Interval 1m covers at most 7 days per request: choose a shorter range.",
  );
  // Other intervals have no span limit inside their look-back.
  assert.equal(rangeProblem("5m", at(2025, 10, 22), NOW, NOW), null);
});

Deno.test("chartQuerySchema: accepts the spec's intervals and epoch-second strings", () => {
  for (const interval of INTERVALS) {
    const q = chartQuerySchema.parse({ symbol: "BTC-USD", interval, period1: "10", period2: "20" });
    assert.deepEqual(q, { symbol: "BTC-USD", interval, period1: 10, period2: 20 });
  }
  assert.equal(
    chartQuerySchema.parse({ interval: "1d", period1: "1", period2: "2" }).symbol,
    "BTC-USD",
  );
});

Deno.test("chartQuerySchema: refuses other intervals, symbols, non-numbers and reversed periods", () => {
  const ok = {
    symbol: "BTC-USD",
    interval: "1d",
    period1: String(NOW - DAY),
    period2: String(NOW),
  };
  const bad = [
    { ...ok, interval: "1h" },
    { ...ok, interval: "4h" },
    { ...ok, symbol: "ETH-USD" },
    { ...ok, period1: "" },
    { ...ok, period1: "-5" },
    { ...ok, period1: "1.5" },
    { ...ok, period2: "abc" },
    { ...ok, period1: ok.period2 },
    { ...ok, period1: String(NOW + 1) },
  ];
  for (const input of bad) {
    assert.equal(chartQuerySchema.safeParse(input).success, false, JSON.stringify(input));
  }
});
