// Transaction Report: every transaction created in the range, oldest first. The page query is
// written by hand: this report runs over millions of rows, so PostgreSQL (on its own core) joins
// the enum and number cells (numbers trimmed) into plain segments and this process handles only
// the text cells a user could have typed.
import { type AnyColumn, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { transactions as t, users } from "../db/schema.ts";
import type { Deps } from "../deps.ts";
import { type CsvColumn, numberColumn, pairColumn, plainColumns, textColumn } from "./csv.ts";
import { csvStream } from "./csv-stream.ts";
import { eachRow } from "../db/raw-rows.ts";
import {
  afterCursor,
  decimalText,
  epochMicros,
  nextCursor,
  type TimeCursor,
  utcDateTime,
} from "./keyset.ts";
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

/**
 * A NUMERIC cell without trailing zeros; empty for a null, which concat_ws would skip, shifting
 * the cells after it.
 */
const decimalCell = (column: AnyColumn) => sql`coalesce(${decimalText(column)}, '')`;

/** Hands the page's rows to `onRow` as they arrive; answers where the next page starts. */
async function page(
  database: Database,
  range: ReportRange,
  cursor: TimeCursor | null,
  limit: number,
  onRow: (row: Row) => void,
): Promise<TimeCursor | null> {
  const after = afterCursor(t.createdAt, t.id, cursor);
  let count = 0;
  let last: Row | undefined;
  await eachRow<Row>(
    database,
    sql`select ${t.id}::text as "id", ${epochMicros(t.createdAt)} as "at",
      ${users.username} as "username", ${t.pair} as "pair",
      concat_ws(',', ${t.exchange}, ${t.status}, ${t.useBot}, ${decimalCell(t.marketPrice)},
        ${decimalCell(t.buyPrice)}, ${decimalCell(t.sellPrice)}, ${decimalCell(t.amount)},
        ${decimalCell(t.quantity)}, ${t.kind}, ${decimalCell(t.filledQuantity)},
        ${decimalCell(t.avgPrice)}, ${decimalCell(t.fee)}) as "plain",
      ${t.feeAsset} as "feeAsset",
      concat_ws(',', ${decimalCell(t.closeQuantity)}, ${decimalCell(t.filledPrice)},
        ${decimalCell(t.closeFee)}) as "closePlain",
      ${t.closeFeeAsset} as "closeFeeAsset", ${decimalCell(t.realizedPnl)} as "realizedPnl",
      ${t.orderId} as "orderId", ${t.hash} as "hash"
    from ${t} join ${users} on ${users.id} = ${t.userId}
    where ${t.createdAt} >= ${new Date(range.start).toISOString()}::timestamptz
      and ${t.createdAt} <= ${new Date(range.end).toISOString()}::timestamptz
      ${after ? sql`and ${after}` : sql``}
    -- The index transactions_created, with no sort of the range.
    order by ${t.createdAt}, ${t.id}
    limit ${limit}`,
    (row) => {
      count++;
      last = row;
      onRow(row);
    },
  );
  return nextCursor(last, count, limit);
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

export function transactionReport(deps: Pick<Deps, "config" | "database">, range: ReportRange) {
  const limit = deps.config.REPORT_PAGE_SIZE;
  return csvStream(
    TRANSACTION_COLUMNS,
    (cursor: TimeCursor | null, onRow: (row: Row) => void) =>
      page(deps.database, range, cursor, limit, onRow),
  );
}
