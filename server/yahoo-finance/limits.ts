// How far back each intraday interval reaches, like Yahoo's own limits (design section 9).
// Pure: the client can use it to explain a refusal before asking.
import type { Interval } from "./schema.ts";

const DAY = 86_400;

/** Days of look-back per interval; daily and longer intervals reach back without limit. */
export const LOOK_BACK_DAYS: Partial<Record<Interval, number>> = {
  "1m": 7,
  "2m": 60,
  "5m": 60,
  "15m": 60,
  "30m": 60,
  "60m": 60,
  "90m": 60,
};

/**
 * The earliest period1 (epoch seconds) allowed for `interval` at `nowSeconds`, or null when there
 * is no limit. Counted from the start of that UTC day, so a date picker's whole first day fits.
 */
export function earliestStart(interval: Interval, nowSeconds: number): number | null {
  const days = LOOK_BACK_DAYS[interval];
  if (days === undefined) return null;
  const from = nowSeconds - days * DAY;
  return from - (from % DAY);
}

/** Why the range is refused, or null when it is fine. */
export function rangeProblem(interval: Interval, period1: number, nowSeconds: number) {
  const earliest = earliestStart(interval, nowSeconds);
  if (earliest === null || period1 >= earliest) return null;
  const day = new Date(earliest * 1000).toISOString().slice(0, 10);
  return `Interval ${interval} reaches back only ${LOOK_BACK_DAYS[interval]} days: ` +
    `start on or after ${day}.`;
}
