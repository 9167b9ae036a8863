// Quotes built from the server's own 1-minute candles (recorded from the market feed), so the page
// has data with no network. Each interval's bars are aggregated in SQL: first open, highest high,
// lowest low, last close, summed volume. Bars start at UTC boundaries; weeks start on Monday
// (date_trunc) and 5d bars are 5-day blocks counted from the Unix epoch.
import { and, eq, gte, lt, max, min, type SQL, sql, sum } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { candles } from "../db/schema.ts";
import type { MarketExchange, Pair } from "../market/feed.shared.ts";
import type { ChartProvider } from "./provider.ts";
import type { ChartSymbol, Interval } from "./schema.ts";

/** Yahoo's USD symbols are read from the USDT pairs the exchanges quote. */
export const PAIR_OF: Record<ChartSymbol, Pair> = { "BTC-USD": "btc_usdt" };

const MINUTES: Partial<Record<Interval, number>> = {
  "1m": 1,
  "2m": 2,
  "5m": 5,
  "15m": 15,
  "30m": 30,
  "60m": 60,
  "90m": 90,
  "5d": 5 * 1440,
};
const TRUNC: Partial<Record<Interval, string>> = {
  "1d": "day",
  "1wk": "week",
  "1mo": "month",
  "3mo": "quarter",
};

/** The bar start of each candle. Inlined constants (from the tables above, never from input) keep
 * the select and the GROUP BY the same expression. */
function barStart(interval: Interval): SQL<unknown> {
  const minutes = MINUTES[interval];
  if (minutes) {
    const s = sql.raw(String(minutes * 60));
    return sql`to_timestamp(floor(extract(epoch from ${candles.openTime}) / ${s}) * ${s})`;
  }
  return sql`date_trunc('${sql.raw(TRUNC[interval]!)}', ${candles.openTime}, 'UTC')`;
}

export function recordedProvider(db: Db, exchange: MarketExchange): ChartProvider {
  return {
    source: "recorded",
    async chart(query) {
      const start = barStart(query.interval);
      const rows = await db.select({
        // Epoch seconds: the drivers disagree on how a raw timestamptz comes back.
        at: sql<string>`extract(epoch from ${start})`,
        open: sql<string>`(array_agg(${candles.open} order by ${candles.openTime}))[1]`,
        high: max(candles.high),
        low: min(candles.low),
        close: sql<string>`(array_agg(${candles.close} order by ${candles.openTime} desc))[1]`,
        volume: sum(candles.volume),
      }).from(candles).where(and(
        eq(candles.exchange, exchange),
        eq(candles.pair, PAIR_OF[query.symbol]),
        gte(candles.openTime, new Date(query.period1 * 1000)),
        lt(candles.openTime, new Date(query.period2 * 1000)),
      )).groupBy(start).orderBy(start);
      return rows.map((r) => ({
        date: new Date(Number(r.at) * 1000).toISOString(),
        open: Number(r.open),
        high: Number(r.high),
        low: Number(r.low),
        close: Number(r.close),
        volume: Number(r.volume),
      }));
    },
  };
}
