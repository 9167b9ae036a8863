// GET /profits/series: the rows GET /profits counts (service.ts filters, books.ts's realized rule),
// grouped by UTC day, user, pair or exchange, for /profit's charts. Each point is a plain sum of
// NUMERIC(38, 8) realizedPnl, so the points add up to /profit's total and to the CSV's Profit
// column to the cent and beyond. Fees are what the counted rows' fills paid in the quote asset or
// the base (valued at that fill's price); a fee in a third asset (BNB) has no stored price and is
// in realizedPnl only.
import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import { Decimal } from "decimal.js";
import { transactions as t, users } from "../db/schema.ts";
import type { Deps } from "../deps.ts";
import { countWhere, realized } from "../reports/books.ts";
import { decimalText } from "../reports/keyset.ts";
import type {
  ProfitGroup,
  ProfitPoint,
  ProfitSeries,
  ProfitSeriesQuery,
} from "../calls/board.shared.ts";
import { filters } from "./service.ts";

const quoteOf = sql`upper(split_part(${t.pair}, '_', 2))`;
const baseOf = sql`upper(split_part(${t.pair}, '_', 1))`;
const feeValue = (fee: AnyColumn, asset: AnyColumn, price: AnyColumn) =>
  sql`case when upper(${asset}) = ${quoteOf} then coalesce(${fee}, 0)
    when upper(${asset}) = ${baseOf} then coalesce(${fee}, 0) * coalesce(${price}, 0)
    else 0 end`;
const fees = sql`${feeValue(t.fee, t.feeAsset, t.avgPrice)}
  + ${feeValue(t.closeFee, t.closeFeeAsset, t.filledPrice)}`;

const sumWhere = (value: SQL | AnyColumn) =>
  decimalText(sql`coalesce(round(sum(${value}) filter (where ${realized}), 8), 0)`);
const pnl = sumWhere(t.realizedPnl);
const feeSum = sumWhere(fees);
const wins = countWhere(sql`${realized} and ${t.realizedPnl} > 0`);
const trades = countWhere(realized);

const day = sql<string>`to_char(${t.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
const KEYS: Record<ProfitGroup, SQL<string>> = {
  day,
  user: sql<string>`${t.userId}::text`,
  pair: sql<string>`${t.pair}`,
  exchange: sql<string>`${t.exchange}::text`,
};

export async function profitSeries(
  deps: Pick<Deps, "db">,
  query: ProfitSeriesQuery,
): Promise<ProfitSeries> {
  const key = KEYS[query.groupBy];
  const where = filters(query, realized);
  // A user's point is labelled with their name; the others' keys say what they are.
  const label = query.groupBy === "user" ? sql<string>`min(${users.username})` : key;
  const points: ProfitPoint[] = await deps.db.select({
    key,
    label,
    realizedPnl: pnl,
    trades,
    wins,
    fees: feeSum,
  }).from(t).innerJoin(users, sql`${users.id} = ${t.userId}`).where(where).groupBy(key)
    .orderBy(query.groupBy === "day" ? key : sql`sum(${t.realizedPnl}) desc, ${key}`);
  const [totals] = await deps.db.select({
    realizedPnl: pnl,
    trades,
    wins,
    fees: feeSum,
    best: sql<string | null>`trim_scale(max(${t.realizedPnl}))::text`,
    worst: sql<string | null>`trim_scale(min(${t.realizedPnl}))::text`,
  }).from(t).where(where);
  return {
    groupBy: query.groupBy,
    points,
    totals: {
      realizedPnl: totals.realizedPnl,
      trades: totals.trades,
      winRate: totals.trades ? totals.wins / totals.trades : null,
      avgPerTrade: totals.trades
        ? new Decimal(totals.realizedPnl).div(totals.trades).toDecimalPlaces(8).toFixed()
        : null,
      fees: totals.fees,
      best: totals.best,
      worst: totals.worst,
    },
  };
}
