// Realized profit per day (UTC), user and pair from DONE transactions:
// profit = (sellPrice - buyPrice) x quantity, summed and rounded to 8 decimals. A transaction
// counts on the day it was created. Only server-priced rows count (price_source "server": feed
// and exchange fills); the others (typed, closed by hand, edited by an Admin) are counted apart
// so the page can show what was left out. No HTTP here.
import { and, desc, eq, gte, isNull, lt, lte, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { transactions as t, users } from "../db/schema.ts";
import type { Deps } from "../deps.ts";
import { decimalText } from "../reports/keyset.ts";
import type { ProfitListQuery, ProfitRange, ProfitRow } from "./schema.ts";

const DAY_MS = 86_400_000;

const day = sql<string>`to_char(${t.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
const counted = sql`${t.priceSource} = 'server'`;
const notCounted = sql`${t.priceSource} <> 'server'`;
const sum8 = (value: SQL, where: SQL = counted) =>
  decimalText(sql`coalesce(round(sum(${value}) filter (where ${where}), 8), 0)`);
const countWhere = (where: SQL) => sql<number>`(count(*) filter (where ${where}))::int`;
const rowProfit = sql`(${t.sellPrice} - ${t.buyPrice}) * ${t.quantity}`;
const profitSum = sum8(rowProfit);

function filters(range: ProfitRange, ...more: (SQL | undefined)[]) {
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
    trades: countWhere(counted),
    quantity: sum8(sql`${t.quantity}`),
    buyAmount: sum8(sql`${t.buyPrice} * ${t.quantity}`),
    sellAmount: sum8(sql`${t.sellPrice} * ${t.quantity}`),
    profit: profitSum,
    notCountedTrades: countWhere(notCounted),
    notCountedProfit: sum8(rowProfit, notCounted),
  }).from(t).innerJoin(users, eq(users.id, t.userId)).where(where)
    .groupBy(day, t.userId, users.username, t.pair);
}

export async function listProfits(deps: Pick<Deps, "db">, query: ProfitListQuery) {
  const where = filters(query);
  const items: ProfitRow[] = await profitRows(deps.db, where)
    .orderBy(desc(day), users.username, t.pair)
    .limit(query.limit).offset((query.page - 1) * query.limit);
  const [totals] = await deps.db.select({
    totalItems: sql<number>`count(distinct (${day}, ${t.userId}, ${t.pair}))::int`,
    trades: countWhere(counted),
    profit: profitSum,
    notCounted: countWhere(notCounted),
    notCountedProfit: sum8(rowProfit, notCounted),
    typed: countWhere(sql`${t.priceSource} = 'typed'`),
    handClosed: countWhere(sql`${t.priceSource} = 'hand_closed'`),
    edited: countWhere(sql`${t.priceSource} = 'edited'`),
  }).from(t).where(where);
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
    },
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
