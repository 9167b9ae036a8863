// What /api/health says about prices (docs/trading.md#stale-prices): the watched pairs whose feed
// price is too old to trade on. Watched: a pair some signed-in user's topbar shows (their saved
// selection, with a live session) or an open bot position closes on. A pair nobody trades going
// quiet degrades nothing: a quiet book (BTC/TUSD at night) would otherwise cry wolf.
import { and, eq, gt, isNull, or } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { sessions, transactions, users } from "../db/schema.ts";
import type { Deps } from "../deps.ts";
import { type Market, MARKET_EXCHANGES, type MarketExchange } from "../market/feed.shared.ts";
import { isStale, priceAgeS } from "../market/price-age.ts";

export interface StalePrice {
  exchange: MarketExchange;
  pair: string;
  /** Seconds since its last price; null when it has had none. */
  ageS: number | null;
}

/**
 * Load balancers ask every second or more; who watches what changes with sign-ins and trades, so
 * one look serves this long.
 */
export const WATCHED_TTL_MS = 5_000;

const looks = new WeakMap<Db, { at: number; pairs: Promise<Set<string>> }>();

/** "exchange:pair" of every watched pair. */
export function watchedPairs(db: Db, now: Date): Promise<Set<string>> {
  const look = looks.get(db);
  if (look && now.getTime() - look.at < WATCHED_TTL_MS) return look.pairs;
  const pairs = readWatched(db, now);
  looks.set(db, { at: now.getTime(), pairs });
  // A failed read is not reused.
  pairs.catch(() => looks.delete(db));
  return pairs;
}

async function readWatched(db: Db, now: Date) {
  const selected = db.selectDistinct({ exchange: users.exchange, pair: users.pair }).from(users)
    .innerJoin(sessions, eq(sessions.userId, users.id))
    .where(and(gt(sessions.expiresAt, now), isNull(sessions.revokedAt), isNull(users.deletedAt)));
  const open = db.selectDistinct({ exchange: transactions.exchange, pair: transactions.pair })
    .from(transactions).where(or(
      and(eq(transactions.status, "BUY"), eq(transactions.useBot, "buy_sell")),
      and(eq(transactions.status, "SELL"), eq(transactions.useBot, "sell_buy")),
    ));
  const rows = [...await selected, ...await open];
  return new Set(rows.map((r) => `${r.exchange}:${r.pair}`));
}

/** The watched pairs a feed prices (less those its exchange refused) whose price is stale. */
export async function stalePrices(
  deps: Pick<Deps, "clock" | "config" | "db"> & { market: Market },
): Promise<StalePrice[]> {
  const now = deps.clock.now();
  const watched = await watchedPairs(deps.db, now);
  return MARKET_EXCHANGES.flatMap((exchange) => {
    const feed = deps.market.feed(exchange);
    const refused = new Set(feed.state().unsupported ?? []);
    return feed.pairs.filter((pair) => watched.has(`${exchange}:${pair}`) && !refused.has(pair))
      .flatMap((pair) => {
        const ageS = priceAgeS(feed, pair, now) ?? null;
        return ageS === null || isStale(ageS, deps.config.PRICE_MAX_AGE_S)
          ? [{ exchange, pair, ageS }]
          : [];
      });
  });
}
