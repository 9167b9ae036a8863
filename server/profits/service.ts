// Realized profit per day (UTC), user and pair from DONE transactions: the sum of what the exchange
// filled, each row's realizedPnl (server/transactions/pnl.ts), rounded to 8 decimals. A
// transaction counts on the day it was created. What profit leaves out is counted apart
// (books.ts): rows closed by hand, typed, one-sided or without a result, with what they would
// have made at their targets, and missed calls with what they would have made. No HTTP here.
import { eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { transactions as t, users } from "../db/schema.ts";
import type { Deps } from "../deps.ts";
import type { ProfitListQuery, ProfitRange, ProfitRow } from "./schema.ts";
import { executeRows } from "../db/raw-rows.ts";
import { filters, profitDaySource } from "./days.ts";
import {
  boughtFor,
  countWhere,
  missedCall,
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

const round8 = (column: string) => sql.raw(`trim_scale(round(sum(${column}), 8))::text`);
const int = (column: string) => sql.raw(`sum(${column})::int`);

/** A page of (day, user, pair) rows, newest day first, from profit_days (days.ts). */
export function profitItemsSql(query: ProfitListQuery) {
  return sql`select s.day, s.user_id as "userId", u.username, s.pair, ${int("s.trades")} as trades,
      ${round8("s.quantity")} as quantity, ${round8("s.buy_amount")} as "buyAmount",
      ${round8("s.sell_amount")} as "sellAmount", ${round8("s.profit")} as profit,
      ${int("s.not_counted_trades")} as "notCountedTrades",
      ${round8("s.not_counted_profit")} as "notCountedProfit",
      ${int("s.missed_calls")} as "missedCalls", ${round8("s.missed_profit")} as "missedProfit"
    from ${profitDaySource(query)} s join ${users} u on u.id = s.user_id
    group by s.day, s.user_id, u.username, s.pair
    order by s.day desc, u.username, s.pair
    limit ${query.limit} offset ${(query.page - 1) * query.limit}`;
}

/** The range's totals, from profit_days (days.ts). */
export function profitTotalsSql(range: ProfitRange) {
  return sql`select count(distinct (s.day, s.user_id, s.pair))::int as "totalItems",
      coalesce(${int("s.trades")}, 0) as trades,
      coalesce(${round8("s.profit")}, '0') as profit,
      coalesce(${int("s.not_counted_trades")}, 0) as "notCounted",
      coalesce(${round8("s.not_counted_profit")}, '0') as "notCountedProfit",
      coalesce(${int("s.missed_calls")}, 0) as "missedCalls",
      coalesce(${round8("s.missed_profit")}, '0') as "missedProfit",
      coalesce(${int("s.typed")}, 0) as typed,
      coalesce(${int("s.hand_closed")}, 0) as "handClosed",
      coalesce(${int("s.edited")}, 0) as edited,
      coalesce(${int("s.one_sided")}, 0) as "oneSided",
      coalesce(${int("s.unpriced")}, 0) as unpriced
    from ${profitDaySource(range)} s`;
}

export async function listProfits(deps: Pick<Deps, "db">, query: ProfitListQuery) {
  const items = await executeRows<ProfitRow>(deps.db, profitItemsSql(query));
  const [totals] = await executeRows<Record<string, number> & Record<string, string>>(
    deps.db,
    profitTotalsSql(query),
  );
  return {
    items,
    totalItems: totals.totalItems,
    total: { trades: totals.trades, profit: totals.profit },
    notCounted: {
      trades: totals.notCounted,
      profit: totals.notCountedProfit,
      typed: totals.typed,
      handClosed: totals.handClosed,
      edited: totals.edited,
      oneSided: totals.oneSided,
      unpriced: totals.unpriced,
    },
    missedCalls: { count: totals.missedCalls, profit: totals.missedProfit },
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
