// User Summary Report: one row per user and pair with counts, volumes and realized profit in the
// range. Pages walk the users (ordered by username) whose name matches the caller's pattern;
// each page aggregates those users' transactions, so no page holds more than its users' rows.
import { and, count, eq, gte, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { transactions as t, users } from "../db/schema.ts";
import type { Deps } from "../deps.ts";
import { type CsvColumn, numberColumn, pairColumn, textColumn } from "./csv.ts";
import { csvStream, wholePages } from "./csv-stream.ts";
import { decimalText } from "./keyset.ts";
import {
  countWhere,
  missedCall,
  NOT_COUNTED_REASONS,
  notRealized,
  realized,
  sum8,
  targetProfit,
} from "./books.ts";
import type { UserSummaryRequest } from "./schema.ts";
import { checkUserRegex, withRegexLimit } from "./user-regex.ts";

interface UserCursor {
  username: string;
  id: number;
}

const matches = (pattern: string | undefined) =>
  pattern === undefined ? undefined : sql`${users.username} ~ ${pattern}`;

function usersPage(db: Db, pattern: string | undefined, cursor: UserCursor | null, limit: number) {
  return db.select({ id: users.id, username: users.username }).from(users)
    .where(and(
      matches(pattern),
      cursor
        ? sql`(${users.username}, ${users.id}) > (${cursor.username}, ${cursor.id})`
        : undefined,
    ))
    .orderBy(users.username, users.id)
    .limit(limit);
}

/** A DONE row whose opening order was confirmed: the rows /profit reads. */
const done = sql`${t.status} = 'DONE' and ${t.orderState} is null`;

const status = (s: string) => sql<number>`(count(*) filter (where ${t.status} = ${s}))::int`;

function summaries(db: Db, userIds: number[], req: UserSummaryRequest) {
  return db.select({
    username: users.username,
    pair: t.pair,
    transactions: count(),
    buy: status("BUY"),
    sell: status("SELL"),
    done: status("DONE"),
    amount: decimalText(sql`sum(${t.amount})`),
    quantity: decimalText(sql`sum(${t.quantity})`),
    // As on /profit (reports/books.ts): the DONE round trips' fills; the rest counted apart.
    profit: sum8(sql`${t.realizedPnl}`, sql`${done} and ${realized}`),
    notCounted: countWhere(sql`${done} and ${notRealized}`),
    handClosed: countWhere(sql`${done} and ${notRealized} and ${NOT_COUNTED_REASONS.handClosed}`),
    missedCalls: countWhere(sql`${done} and ${missedCall}`),
    missedProfit: sum8(targetProfit, sql`${done} and ${missedCall}`),
  }).from(t).innerJoin(users, eq(users.id, t.userId))
    .where(and(
      inArray(t.userId, userIds),
      gte(t.createdAt, new Date(req.start)),
      lte(t.createdAt, new Date(req.end)),
      req.pair ? eq(t.pair, req.pair) : undefined,
    ))
    .groupBy(users.username, users.id, t.pair)
    .orderBy(users.username, users.id, t.pair);
}

type Row = Awaited<ReturnType<typeof summaries>>[number];

export const USER_SUMMARY_COLUMNS: CsvColumn<Row>[] = [
  textColumn("Username", "username"),
  pairColumn("Pair", "pair"),
  numberColumn("Transactions", "transactions"),
  numberColumn("BUY", "buy"),
  numberColumn("SELL", "sell"),
  numberColumn("DONE", "done"),
  numberColumn("Amount", "amount"),
  numberColumn("Quantity", "quantity"),
  numberColumn("Profit", "profit"),
  numberColumn("DONE Not Counted", "notCounted"),
  numberColumn("Closed By Hand", "handClosed"),
  numberColumn("Missed Calls", "missedCalls"),
  numberColumn("Missed Calls Would Have Made", "missedProfit"),
];

export function userSummaryReport(
  deps: Pick<Deps, "config" | "database" | "db">,
  req: UserSummaryRequest,
) {
  checkUserRegex(deps, req.userRegex ?? "");
  const limit = deps.config.REPORT_PAGE_SIZE;
  return csvStream(
    USER_SUMMARY_COLUMNS,
    wholePages(async (cursor: UserCursor | null) => {
      // Only the queries that run the pattern get its time limit; the sums run without it.
      const page = await withRegexLimit(deps, async (db) => {
        if (cursor === null && req.userRegex !== undefined) {
          // Runs the pattern over every name once before the download starts, so a pattern too
          // slow for some later page is refused with a 400 now rather than cut off mid-file.
          await db.select({ n: count() }).from(users).where(matches(req.userRegex));
        }
        return await usersPage(db, req.userRegex, cursor, limit);
      });
      const rows = page.length ? await summaries(deps.db, page.map((u) => u.id), req) : [];
      const last = page.at(-1);
      return { rows, next: page.length === limit && last ? last : null };
    }),
  );
}
