// Keyset cursors over (timestamp, id). The timestamp travels as epoch microseconds, exact, so
// PostgreSQL's microseconds survive the round trip (a JS Date would cut them to milliseconds
// and repeat rows).
import { type AnyColumn, type SQL, sql } from "drizzle-orm";

export interface TimeCursor {
  /** Epoch microseconds as a decimal string. */
  at: string;
  id: number | string;
}

export const epochMicros = (column: AnyColumn) =>
  sql<string>`(extract(epoch from ${column}) * 1000000)::bigint::text`;

/** Rows strictly after the cursor in (time, id) order; no condition for the first page. */
export const afterCursor = (time: AnyColumn, id: AnyColumn, cursor: TimeCursor | null) =>
  cursor
    ? sql`(${time}, ${id}) > (timestamptz 'epoch' + ${cursor.at}::bigint * interval '1 microsecond', ${cursor.id}::bigint)`
    : undefined;

/** The text of a NUMERIC without trailing zeros (10.50000000 becomes 10.5). */
export const decimalText = (value: SQL | AnyColumn) => sql<string>`trim_scale(${value})::text`;

const DAY_S = 86_400;
const pad2 = (n: number) => (n < 10 ? "0" + n : String(n));
let cachedDay = NaN;
let cachedDayText = "";

/**
 * Epoch microseconds as a UTC date-time cell, YYYY-MM-DD HH:MM:SS. Rows come in time order, so
 * the date part is formatted once per day and the time by arithmetic: a Date per row is a
 * large share of a million-row report.
 */
export function utcDateTime(micros: string): string {
  const seconds = Math.floor(Number(micros) / 1e6);
  const day = Math.floor(seconds / DAY_S);
  if (day !== cachedDay) {
    cachedDay = day;
    cachedDayText = new Date(day * DAY_S * 1000).toISOString().slice(0, 10);
  }
  const s = seconds - day * DAY_S;
  return `${cachedDayText} ${pad2(Math.floor(s / 3600))}:${pad2(Math.floor(s / 60) % 60)}:${
    pad2(s % 60)
  }`;
}

/** The next cursor: the last row's, or null when the page (`count` rows) was not full. */
export function nextCursor(
  last: { at: string; id: number | string } | undefined,
  count: number,
  limit: number,
): TimeCursor | null {
  return count === limit && last ? { at: last.at, id: last.id } : null;
}
