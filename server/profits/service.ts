// Realized profit per day (UTC), user and pair from DONE transactions: the sum of what the exchange
// filled, each row's realizedPnl (server/transactions/pnl.ts), rounded to 8 decimals. A
// transaction counts on the day it was created. What profit leaves out is counted apart
// (books.ts): rows closed by hand, typed, one-sided or without a result, with what they would
// have made at their targets, and missed calls with what they would have made. No HTTP here.
import { and, desc, eq, gte, isNull, lt, lte, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { transactions as t, users } from "../db/schema.ts";
import type { Deps } from "../deps.ts";
import type { ProfitListQuery, ProfitRange, ProfitRow } from "./schema.ts";
import {
  boughtFor,
  countWhere,
  missedCall,
  NOT_COUNTED_REASONS,
  notRealized,
  realized,
  soldFor,
  sum8,
  targetProfit,
} from "../reports/books.ts";

const DAY_MS = 86_400_000;

const day = sql<string>`to_char(${t.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
const profitSum = sum8(sql`${t.realizedPnl}`, realized);
const notCountedSum = sum8(targetProfit, notRealized);
const missedProfit = sum8(targetProfit, missedCall);

/** The rows /profit reads: DONE, confirmed, in the range and pair (the series reads the same). */
export function filters(range: ProfitRange, ...more: (SQL | undefined)[]) {
  return and(
    eq(t.status, "DONE"),
    // A DONE row whose opening order is pending, refused or unknown made nothing (yet).
    isNull(t.orderState),
    range.start === undefined ? undefined : gte(t.createdAt, new Date(range.start)),
    range.end === undefined ? undefined : lte(t.createdAt, new Date(range.end)),
    range.pair ? eq(t.pair, range.pair) : undefined,
    ...more,
  );
}

function profitRows(db: Db, where: SQL | undefined) {
  return db.select({
    day,
    userId: t.userId,
    username: users.username,
    pair: t.pair,
    trades: countWhere(realized),
    quantity: sum8(sql`${t.filledQuantity}`, realized),
    buyAmount: sum8(boughtFor, realized),
    sellAmount: sum8(soldFor, realized),
    profit: profitSum,
    notCountedTrades: countWhere(notRealized),
    notCountedProfit: notCountedSum,
    missedCalls: countWhere(missedCall),
    missedProfit,
  }).from(t).innerJoin(users, eq(users.id, t.userId)).where(where)
    .groupBy(day, t.userId, users.username, t.pair);
}

const apart = (reason: keyof typeof NOT_COUNTED_REASONS) =>
  countWhere(sql`${notRealized} and ${NOT_COUNTED_REASONS[reason]}`);

export async function listProfits(deps: Pick<Deps, "db">, query: ProfitListQuery) {
  const where = filters(query);
  const items: ProfitRow[] = await profitRows(deps.db, where)
    .orderBy(desc(day), users.username, t.pair)
    .limit(query.limit).offset((query.page - 1) * query.limit);
  const [totals] = await deps.db.select({
    totalItems: sql<number>`count(distinct (${day}, ${t.userId}, ${t.pair}))::int`,
    trades: countWhere(realized),
    profit: profitSum,
    notCounted: countWhere(notRealized),
    notCountedProfit: notCountedSum,
    missedCalls: countWhere(missedCall),
    missedProfit,
    typed: apart("typed"),
    handClosed: apart("handClosed"),
    edited: apart("edited"),
    oneSided: apart("oneSided"),
    unpriced: apart("unpriced"),
  }).from(t).where(where);
  const { totalItems, trades, profit, notCounted, notCountedProfit, missedCalls, ...rest } = totals;
  return {
    items,
    totalItems,
    total: { trades, profit },
    notCounted: {
      trades: notCounted,
      profit: notCountedProfit,
      typed: rest.typed,
      handClosed: rest.handClosed,
      edited: rest.edited,
      oneSided: rest.oneSided,
      unpriced: rest.unpriced,
    },
    missedCalls: { count: missedCalls, profit: rest.missedProfit },
  };
}

/**
 * One CSV page per day that has DONE transactions, oldest first: the cursor is the start of the
 * day after the last page, and the next day with rows is found through the status/time index.
 */
export async function profitDayPage(
  deps: Pick<Deps, "db">,
  range: ProfitRange,
  from: number | null,
) {
  const start = from ?? range.start;
  const [{ first }] = await deps.db.select({
    first: sql<string | null>`to_char(min(${t.createdAt}) at time zone 'UTC', 'YYYY-MM-DD')`,
  }).from(t).where(filters({ ...range, start }));
  if (first === null) return { rows: [] as ProfitRow[], next: null };
  const dayStart = Date.parse(`${first}T00:00:00Z`);
  const dayEnd = dayStart + DAY_MS;
  const rows: ProfitRow[] = await profitRows(
    deps.db,
    filters(
      { ...range, start },
      gte(t.createdAt, new Date(dayStart)),
      lt(t.createdAt, new Date(dayEnd)),
    ),
  ).orderBy(users.username, t.pair);
  const next = range.end === undefined || dayEnd <= range.end ? dayEnd : null;
  return { rows, next };
}
