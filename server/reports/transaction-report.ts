// Transaction Report: every transaction created in the range, oldest first.
import { and, eq, gte, lte } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { transactions as t, users } from "../db/schema.ts";
import type { Deps } from "../deps.ts";
import { type CsvColumn, csvStream, numberColumn, textColumn } from "./csv.ts";
import {
  afterCursor,
  cursorText,
  decimalText,
  nextCursor,
  type TimeCursor,
  utcDateTime,
} from "./keyset.ts";
import type { ReportRange } from "./schema.ts";

function page(db: Db, range: ReportRange, cursor: TimeCursor | null, limit: number) {
  return db.select({
    id: t.id,
    cursorAt: cursorText(t.createdAt),
    date: utcDateTime(t.createdAt),
    username: users.username,
    pair: t.pair,
    exchange: t.exchange,
    status: t.status,
    useBot: t.useBot,
    marketPrice: decimalText(t.marketPrice),
    buyPrice: decimalText(t.buyPrice),
    sellPrice: decimalText(t.sellPrice),
    amount: decimalText(t.amount),
    quantity: decimalText(t.quantity),
    orderId: t.orderId,
    hash: t.hash,
  }).from(t).innerJoin(users, eq(users.id, t.userId))
    .where(and(
      gte(t.createdAt, new Date(range.start)),
      lte(t.createdAt, new Date(range.end)),
      afterCursor(t.createdAt, t.id, cursor),
    ))
    .orderBy(t.createdAt, t.id)
    .limit(limit);
}

type Row = Awaited<ReturnType<typeof page>>[number];

export const TRANSACTION_COLUMNS: CsvColumn<Row>[] = [
  numberColumn("Id", "id"),
  textColumn("Date (UTC)", "date"),
  textColumn("Username", "username"),
  textColumn("Pair", "pair"),
  textColumn("Exchange", "exchange"),
  textColumn("Status", "status"),
  textColumn("Bot Mode", "useBot"),
  numberColumn("Market Price", "marketPrice"),
  numberColumn("Buy Price", "buyPrice"),
  numberColumn("Sell Price", "sellPrice"),
  numberColumn("Amount", "amount"),
  numberColumn("Quantity", "quantity"),
  textColumn("Order Id", "orderId"),
  textColumn("Hash", "hash"),
];

export function transactionReport(deps: Deps, range: ReportRange) {
  const limit = deps.config.REPORT_PAGE_SIZE;
  return csvStream(TRANSACTION_COLUMNS, async (cursor: TimeCursor | null) => {
    const rows = await page(deps.db, range, cursor, limit);
    return { rows, next: nextCursor(rows, limit) };
  });
}
