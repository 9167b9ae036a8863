import assert from "node:assert/strict";
import {
  HOUR_MS,
  normalizeInterval,
  shiftEnd,
  shiftTime,
  startOfHour,
} from "../../server/shifts/shift-time.shared.ts";

const at = (iso: string) => Date.parse(iso);

Deno.test("startOfHour() zeroes minutes, seconds and milliseconds", () => {
  assert.equal(startOfHour(at("2026-03-05T08:47:13.250Z")), at("2026-03-05T08:00:00Z"));
  assert.equal(startOfHour(at("2026-03-05T08:00:00Z")), at("2026-03-05T08:00:00Z"));
});

Deno.test("startOfHour() zeroes minutes on the viewer's clock in a half-hour zone", () => {
  // 08:47 UTC is 14:17 in +05:30; the viewer's whole hour 14:00 is 08:30 UTC.
  assert.equal(startOfHour(at("2026-03-05T08:47:00Z"), 330), at("2026-03-05T08:30:00Z"));
});

Deno.test("normalizeInterval() turns 0 hours into 24 and keeps the rest", () => {
  assert.equal(normalizeInterval(0), 24);
  assert.equal(normalizeInterval(8), 8);
  assert.equal(normalizeInterval(24), 24);
});

Deno.test("shiftEnd() ends the same day when the end hour is after the start hour", () => {
  assert.equal(shiftEnd(at("2026-03-05T08:00:00Z"), 8), at("2026-03-05T16:00:00Z"));
});

Deno.test("shiftEnd() rolls an end before the start to the next day (past midnight)", () => {
  assert.equal(shiftEnd(at("2026-03-05T20:00:00Z"), 8), at("2026-03-06T04:00:00Z"));
  assert.equal(shiftEnd(at("2026-03-05T23:00:00Z"), 1), at("2026-03-06T00:00:00Z"));
});

Deno.test("shiftEnd() with 0 hours ends at the same hour the next day", () => {
  assert.equal(shiftEnd(at("2026-03-05T09:00:00Z"), 0), at("2026-03-06T09:00:00Z"));
  assert.equal(shiftEnd(at("2026-03-05T09:00:00Z"), 24), at("2026-03-06T09:00:00Z"));
});

Deno.test("shiftEnd() rolls over midnight on the viewer's clock, not UTC's", () => {
  // 22:00 in UTC+8 is 14:00 UTC; 6 hours later is 04:00 local the next day, 20:00 UTC.
  const start = at("2026-03-05T14:00:00Z");
  assert.equal(shiftEnd(start, 6, 480), at("2026-03-05T20:00:00Z"));
  assert.equal(shiftEnd(start, 6, 480) - start, 6 * HOUR_MS);
});

Deno.test("shiftTime() applies every rule: zeroed start, 24 h for 0, rolled end", () => {
  assert.deepEqual(shiftTime(at("2026-03-05T21:35:10Z"), 0), {
    timeStart: at("2026-03-05T21:00:00Z"),
    timeEnd: at("2026-03-06T21:00:00Z"),
    interval: 24,
  });
  assert.deepEqual(shiftTime(at("2026-03-05T21:35:10Z"), 5), {
    timeStart: at("2026-03-05T21:00:00Z"),
    timeEnd: at("2026-03-06T02:00:00Z"),
    interval: 5,
  });
});
