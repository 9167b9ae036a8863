import assert from "node:assert/strict";
import { earliestStart, rangeProblem } from "../../server/yahoo-finance/limits.ts";
import { chartQuerySchema, INTERVALS } from "../../server/yahoo-finance/schema.ts";

const NOW = Date.UTC(2026, 0, 20, 15, 30) / 1000;
const DAY = 86_400;

Deno.test("earliestStart: 1m reaches back 7 days and 2m-90m 60 days, from the start of that UTC day", () => {
  assert.equal(earliestStart("1m", NOW), Date.UTC(2026, 0, 13) / 1000);
  for (const interval of ["2m", "5m", "15m", "30m", "60m", "90m"] as const) {
    assert.equal(earliestStart(interval, NOW), Date.UTC(2025, 10, 21) / 1000, interval);
  }
  for (const interval of ["1d", "5d", "1wk", "1mo", "3mo"] as const) {
    assert.equal(earliestStart(interval, NOW), null, interval);
  }
});

Deno.test("rangeProblem: names the interval, its reach and the first allowed day", () => {
  const day13 = Date.UTC(2026, 0, 13) / 1000;
  assert.equal(rangeProblem("1m", day13, NOW), null);
  assert.equal(
    rangeProblem("1m", day13 - 1, NOW),
    "Interval 1m reaches back only 7 days: start on or after 2026-01-13.",
  );
  assert.equal(rangeProblem("1d", 0, NOW), null);
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
