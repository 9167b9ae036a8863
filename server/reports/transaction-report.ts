// Transaction Report: every transaction created in the range, oldest first. The page query is
// written by hand: this report runs over millions of rows, so PostgreSQL (on its own core) joins
// the enum and number cells into one plain segment and this process handles only the text cells
// a user could have typed.
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { transactions as t, users } from "../db/schema.ts";
import type { Deps } from "../deps.ts";
import { type CsvColumn, numberColumn, pairColumn, plainColumns, textColumn } from "./csv.ts";
import { csvStream } from "./csv-stream.ts";
import { executeRows } from "../db/raw-rows.ts";
import { afterCursor, epochMicros, nextCursor, type TimeCursor, utcDateTime } from "./keyset.ts";
import type { ReportRange } from "./schema.ts";

interface Row {
  id: string;
  at: string;
  username: string;
  pair: string;
  /** Exchange, status, kind, bot mode and the five amounts, comma-joined. */
  plain: string;
  orderId: string | null;
  hash: string | null;
}

function page(db: Db, range: ReportRange, cursor: TimeCursor | null, limit: number) {
  const after = afterCursor(t.createdAt, t.id, cursor);
  return executeRows<Row>(
    db,
    sql`select ${t.id}::text as "id", ${epochMicros(t.createdAt)} as "at",
      ${users.username} as "username", ${t.pair} as "pair",
      concat_ws(',', ${t.exchange}, ${t.status}, ${t.kind}, ${t.useBot}, ${t.marketPrice}, ${t.buyPrice},
        ${t.sellPrice}, ${t.amount}, ${t.quantity}) as "plain",
      ${t.orderId} as "orderId", ${t.hash} as "hash"
    from ${t} join ${users} on ${users.id} = ${t.userId}
    where ${t.createdAt} >= ${new Date(range.start).toISOString()}::timestamptz
      and ${t.createdAt} <= ${new Date(range.end).toISOString()}::timestamptz
      ${after ? sql`and ${after}` : sql``}
    -- The index transactions_created, with no sort of the range.
    order by ${t.createdAt}, ${t.id}
    limit ${limit}`,
  );
}

export const TRANSACTION_COLUMNS: CsvColumn<Row>[] = [
  numberColumn("Id", "id"),
  { headers: ["Date (UTC)"], kind: "text", value: (r) => utcDateTime(r.at) },
  textColumn("Username", "username"),
  pairColumn("Pair", "pair"),
  plainColumns([
    "Exchange",
    "Status",
    /** trade, or missed_call: a call the user let pass, no order behind it. */
    "Kind",
    "Bot Mode",
    "Market Price",
    "Buy Price",
    "Sell Price",
    "Amount",
    "Quantity",
  ], "plain"),
  textColumn("Order Id", "orderId"),
  textColumn("Hash", "hash"),
];

export function transactionReport(deps: Pick<Deps, "config" | "db">, range: ReportRange) {
  const limit = deps.config.REPORT_PAGE_SIZE;
  return csvStream(TRANSACTION_COLUMNS, async (cursor: TimeCursor | null) => {
    const rows = await page(deps.db, range, cursor, limit);
    return { rows, next: nextCursor(rows, limit) };
  });
}
