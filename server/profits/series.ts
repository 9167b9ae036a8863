// GET /profits/series: the rows GET /profits counts (days.ts: filters, books.ts's realized rule),
// grouped by UTC day, user, pair or exchange, for /profit's charts, read from the same per-day sums
// (days.ts). Each point is a plain sum of NUMERIC(38, 8) realizedPnl, so the points add up to
// /profit's total and to the CSV's Profit column to the cent and beyond. Fees are what the counted
// rows' fills paid in the quote asset or the base (days.ts).
import { sql } from "drizzle-orm";
import { Decimal } from "decimal.js";
import { users } from "../db/schema.ts";
import type { Deps } from "../deps.ts";
import { executeRows } from "../db/raw-rows.ts";
import type {
  ProfitGroup,
  ProfitPoint,
  ProfitSeries,
  ProfitSeriesQuery,
} from "../calls/board.shared.ts";
import { profitDaySource } from "./days.ts";

const KEYS: Record<ProfitGroup, string> = {
  day: "s.day",
  user: "s.user_id::text",
  pair: "s.pair",
  exchange: "s.exchange::text",
};

const sums = sql.raw(`coalesce(trim_scale(round(sum(s.profit), 8))::text, '0') as "realizedPnl",
  coalesce(sum(s.trades)::int, 0) as trades, coalesce(sum(s.wins)::int, 0) as wins,
  coalesce(trim_scale(round(sum(s.fees), 8))::text, '0') as fees`);

/** The series' points and totals, from profit_days (days.ts). */
export function profitSeriesSql(query: ProfitSeriesQuery) {
  const key = sql.raw(KEYS[query.groupBy]);
  // Only the groups with a counted row, as /profit's total counts them.
  const source = sql`(select * from ${profitDaySource(query)} c where c.trades > 0)`;
  // A user's point is labelled with their name; the others' keys say what they are.
  const label = query.groupBy === "user" ? sql`min(u.username)` : key;
  const order = query.groupBy === "day" ? key : sql`sum(s.profit) desc, ${key}`;
  return {
    points: sql`select ${key} as key, ${label} as label, ${sums}
      from ${source} s join ${users} u on u.id = s.user_id
      group by ${key} order by ${order}`,
    totals: sql`select ${sums}, trim_scale(max(s.best))::text as best,
      trim_scale(min(s.worst))::text as worst
      from ${source} s`,
  };
}

export async function profitSeries(
  deps: Pick<Deps, "db">,
  query: ProfitSeriesQuery,
): Promise<ProfitSeries> {
  const queries = profitSeriesSql(query);
  const points = await executeRows<ProfitPoint>(deps.db, queries.points);
  const [totals] = await executeRows<
    { realizedPnl: string; trades: number; wins: number; fees: string } & {
      best: string | null;
      worst: string | null;
    }
  >(deps.db, queries.totals);
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
