import assert from "node:assert/strict";
import type { Quote } from "../../server/yahoo-finance/schema.ts";
import { formatBarDate, formatPrice, formatVolume } from "../../web/src/yahoo-finance/format.ts";
import { INTERVAL_OPTIONS, isIntraday } from "../../web/src/yahoo-finance/options.ts";
import { toPeriod } from "../../web/src/yahoo-finance/range.ts";
import { highlightPoint, newestFirst, pageOf, yahoo } from "../../web/src/yahoo-finance/store.ts";

const quotes = (n: number): Quote[] =>
  Array.from({ length: n }, (_, i) => ({
    date: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
    open: i,
    high: i,
    low: i,
    close: i,
    volume: i,
  }));

Deno.test("toPeriod: two days become the start of the first and the end of the last, in UTC", () => {
  assert.deepEqual(toPeriod(["2026-01-01", "2026-01-03"]), {
    period1: Date.UTC(2026, 0, 1) / 1000,
    period2: Date.UTC(2026, 0, 4) / 1000,
  });
  assert.deepEqual(toPeriod(["2026-01-05", "2026-01-05"]), {
    period1: Date.UTC(2026, 0, 5) / 1000,
    period2: Date.UTC(2026, 0, 6) / 1000,
  });
});

Deno.test("toPeriod: null unless two valid, ordered days are given", () => {
  assert.equal(toPeriod([null, null]), null);
  assert.equal(toPeriod(["2026-01-01", null]), null);
  assert.equal(toPeriod([null, "2026-01-01"]), null);
  assert.equal(toPeriod(["2026-01-03", "2026-01-01"]), null);
  assert.equal(toPeriod(["not a day", "2026-01-01"]), null);
});

Deno.test("pageOf: rows are newest first, 10 a page", () => {
  const q = quotes(25);
  assert.equal(newestFirst(q)[0].date, q[24].date);
  assert.equal(pageOf(q, q[24].date), 1);
  assert.equal(pageOf(q, q[15].date), 1);
  assert.equal(pageOf(q, q[14].date), 2);
  assert.equal(pageOf(q, q[5].date), 2);
  assert.equal(pageOf(q, q[4].date), 3);
  assert.equal(pageOf(q, q[0].date), 3);
  assert.equal(pageOf(q, "2020-01-01T00:00:00.000Z"), null);
  assert.equal(pageOf(q, null), null);
});

Deno.test("highlightPoint: keeps the point's row key in session storage and turns to its page", () => {
  yahoo.quotes = quotes(25);
  highlightPoint(2);
  assert.equal(yahoo.highlight, yahoo.quotes[2].date);
  assert.equal(yahoo.page, 3);
  assert.equal(sessionStorage.getItem("gatebot.yahoo.highlight"), yahoo.quotes[2].date);
  // A point outside the data changes nothing.
  highlightPoint(99);
  assert.equal(yahoo.page, 3);
  sessionStorage.clear();
});

Deno.test("format: spec dates (MM/DD/YYYY, with time for intraday bars) and comma numbers", () => {
  assert.equal(formatBarDate("2026-03-04T05:06:07.000Z", false), "03/04/2026");
  assert.equal(formatBarDate("2026-03-04T05:06:07.000Z", true), "03/04/2026 05:06:07");
  assert.equal(formatPrice(43251.83593), "43,251.8359");
  assert.equal(formatVolume(1234567.4), "1,234,567");
});

Deno.test("intervals: the spec's labels and values, intraday ones named", () => {
  assert.deepEqual(
    INTERVAL_OPTIONS.map((o) => `${o.label}=${o.value}`),
    [
      "1m=1m",
      "2m=2m",
      "5m=5m",
      "15m=15m",
      "30m=30m",
      "1h=60m",
      "1.5h=90m",
      "1d=1d",
      "5d=5d",
      "1wk=1wk",
      "1mo=1mo",
      "3mo=3mo",
    ],
  );
  assert.deepEqual(INTERVAL_OPTIONS.filter((o) => isIntraday(o.value)).map((o) => o.value), [
    "1m",
    "2m",
    "5m",
    "15m",
    "30m",
    "60m",
    "90m",
  ]);
});
