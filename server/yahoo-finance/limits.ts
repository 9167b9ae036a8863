// How far back each intraday interval reaches and how much one request may span, as Yahoo itself
// enforces them (docs/api.md#price-history): 1m data only within the last 30 days and at most 7
// days per request; 2m-30m and 90m within the last 60 days; 60m within the last 730 days. A request
// past them gets Yahoo's 422, so it is refused here first with the reason. Pure: the client can use
// it to explain a refusal before asking.
import { msg } from "../core/messages.shared.ts";
import type { Interval } from "./schema.ts";

const DAY = 86_400;

/** Days of look-back per interval; daily and longer intervals reach back without limit. */
export const LOOK_BACK_DAYS: Partial<Record<Interval, number>> = {
  "1m": 30,
  "2m": 60,
  "5m": 60,
  "15m": 60,
  "30m": 60,
  "60m": 730,
  "90m": 60,
};

/** Days one request may span, where Yahoo limits it. */
export const SPAN_DAYS: Partial<Record<Interval, number>> = { "1m": 7 };

/**
 * The earliest period1 (epoch seconds) allowed for `interval` at `nowSeconds`, or null when there
 * is no limit: the first whole UTC day inside the look-back, so a date picker's day fits whole and
 * Yahoo's own limit, counted to the second, is never crossed.
 */
export function earliestStart(interval: Interval, nowSeconds: number): number | null {
  const days = LOOK_BACK_DAYS[interval];
  if (days === undefined) return null;
  const from = nowSeconds - days * DAY;
  return Math.ceil(from / DAY) * DAY;
}

/** Why the range is refused (a coded message), or null when it is fine. */
export function rangeProblem(
  interval: Interval,
  period1: number,
  period2: number,
  nowSeconds: number,
) {
  const earliest = earliestStart(interval, nowSeconds);
  if (earliest !== null && period1 < earliest) {
    const day = new Date(earliest * 1000).toISOString().slice(0, 10);
    return msg("yahoo.lookBack", { interval, days: LOOK_BACK_DAYS[interval]!, day });
  }
  const span = SPAN_DAYS[interval];
  if (span !== undefined && period2 - period1 > span * DAY) {
    return msg("yahoo.span", { interval, days: span });
  }
  return null;
}
