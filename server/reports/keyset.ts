// Keyset cursors over (timestamp, id). The timestamp travels as PostgreSQL's own text form so
// its microseconds survive (a JS Date would cut them to milliseconds and repeat rows).
import { type AnyColumn, type SQL, sql } from "drizzle-orm";

export interface TimeCursor {
  at: string;
  id: number;
}

export const cursorText = (column: AnyColumn) => sql<string>`${column}::text`;

/** Rows strictly after the cursor in (time, id) order; no condition for the first page. */
export const afterCursor = (time: AnyColumn, id: AnyColumn, cursor: TimeCursor | null) =>
  cursor ? sql`(${time}, ${id}) > (${cursor.at}::timestamptz, ${cursor.id})` : undefined;

/** The text of a NUMERIC without trailing zeros (10.50000000 becomes 10.5). */
export const decimalText = (value: SQL | AnyColumn) => sql<string>`trim_scale(${value})::text`;

/** A UTC date-time cell: YYYY-MM-DD HH:MM:SS. */
export const utcDateTime = (column: AnyColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS')`;

/** The next cursor: the last row's, or null when the page was not full. */
export function nextCursor<Row extends { cursorAt: string; id: number }>(
  rows: Row[],
  limit: number,
): TimeCursor | null {
  const last = rows.at(-1);
  return rows.length === limit && last ? { at: last.cursorAt, id: last.id } : null;
}
