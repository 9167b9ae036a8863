// A range of calls split for reading (docs/reports.md#speed): its whole UTC days from the day sums
// (call_user_days, call_lead_days: server/db/schema.ts, kept by triggers) and the parts of a day it
// cuts (its first or last) from the lines themselves (call_recipients.call_at, the call's time).
// The end is inclusive to the millisecond, as /profit's (server/profits/days.ts filters).
import { and, type AnyColumn, or, type SQL, sql } from "drizzle-orm";

const DAY_MS = 86_400_000;
const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export interface CallRange {
  start?: number;
  end?: number;
}

export interface SplitRange {
  /** The whole days' condition on a `day` (date) column; sql`false` when there are none. */
  days: (day: AnyColumn | SQL) => SQL;
  /** The cut parts' condition on a time column; sql`false` when there are none. */
  cuts: (at: AnyColumn | SQL) => SQL;
  /** The whole range's condition on a time column. */
  all: (at: AnyColumn | SQL) => SQL;
}

export function splitRange(range: CallRange): SplitRange {
  const from = range.start;
  const to = range.end === undefined ? undefined : range.end + 1;
  const firstDay = from === undefined ? undefined : Math.ceil(from / DAY_MS) * DAY_MS;
  const lastDay = to === undefined ? undefined : Math.floor(to / DAY_MS) * DAY_MS;
  const within = (at: AnyColumn | SQL, a?: number, b?: number) =>
    and(
      sql`true`,
      a === undefined ? undefined : sql`${at} >= ${new Date(a).toISOString()}::timestamptz`,
      b === undefined ? undefined : sql`${at} < ${new Date(b).toISOString()}::timestamptz`,
    )!;
  const all = (at: AnyColumn | SQL) => within(at, from, to);
  if (firstDay !== undefined && lastDay !== undefined && firstDay >= lastDay) {
    // No whole day: all of it from the lines.
    return { days: () => sql`false`, cuts: all, all };
  }
  const parts: [number | undefined, number | undefined][] = [];
  if (from !== undefined && firstDay !== undefined && from < firstDay) parts.push([from, firstDay]);
  if (to !== undefined && lastDay !== undefined && lastDay < to) parts.push([lastDay, to]);
  return {
    days: (day) =>
      and(
        sql`true`,
        firstDay === undefined ? undefined : sql`${day} >= ${dayText(firstDay)}::date`,
        lastDay === undefined ? undefined : sql`${day} < ${dayText(lastDay)}::date`,
      )!,
    cuts: (at) => parts.length ? or(...parts.map(([a, b]) => within(at, a, b)))! : sql`false`,
    all,
  };
}
