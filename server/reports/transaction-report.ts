// Transaction Report: every transaction created in the range, oldest first. The page query is
// written by hand: this report runs over millions of rows, so PostgreSQL (on its own core) joins
// the enum and number cells into one plain segment and this process handles only the text cells
// a user could have typed.
import { sql, type SQLWrapper } from "drizzle-orm";
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
  /** Exchange, status, bot mode, the five amounts, kind and the opening fill, comma-joined. */
  plain: string;
  feeAsset: string | null;
  /** The closing fill: quantity, average price, fee. */
  closePlain: string;
  realizedPnl: string;
  closeFeeAsset: string | null;
  orderId: string | null;
  hash: string | null;
}

/** A nullable cell in concat_ws, which would skip a null and shift the cells after it. */
const orEmpty = (column: SQLWrapper) => sql`coalesce(${column}::text, '')`;

function page(db: Db, range: ReportRange, cursor: TimeCursor | null, limit: number) {
  const after = afterCursor(t.createdAt, t.id, cursor);
  return executeRows<Row>(
    db,
    sql`select ${t.id}::text as "id", ${epochMicros(t.createdAt)} as "at",
      ${users.username} as "username", ${t.pair} as "pair",
      concat_ws(',', ${t.exchange}, ${t.status}, ${t.useBot}, ${t.marketPrice}, ${t.buyPrice},
        ${t.sellPrice}, ${t.amount}, ${t.quantity}, ${t.kind}, ${orEmpty(t.filledQuantity)},
        ${orEmpty(t.avgPrice)}, ${orEmpty(t.fee)}) as "plain",
      ${t.feeAsset} as "feeAsset",
      concat_ws(',', ${orEmpty(t.closeQuantity)}, ${orEmpty(t.filledPrice)},
        ${orEmpty(t.closeFee)}) as "closePlain",
      ${t.closeFeeAsset} as "closeFeeAsset", ${orEmpty(t.realizedPnl)} as "realizedPnl",
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
    "Bot Mode",
    "Market Price",
    "Buy Price",
    "Sell Price",
    "Amount",
    "Quantity",
    "Kind",
    "Filled Quantity",
    "Average Fill",
    "Fee",
  ], "plain"),
  textColumn("Fee Asset", "feeAsset"),
  plainColumns(["Close Quantity", "Close Fill", "Close Fee"], "closePlain"),
  textColumn("Close Fee Asset", "closeFeeAsset"),
  plainColumns(["Realized Result"], "realizedPnl"),
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
