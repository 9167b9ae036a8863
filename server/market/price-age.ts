// How old a feed's price is, and which are too old to trade on (docs/trading.md#stale-prices). A
// price's age runs from its last frame, an unchanged price too: a quiet book is not a silent feed.
import type { MarketFeed, Pair } from "./feed.shared.ts";

/** Whole seconds since the pair's last price; undefined before its first. */
export function priceAgeS(feed: MarketFeed, pair: Pair, now: Date): number | undefined {
  const at = feed.priceAt(pair);
  return at === undefined ? undefined : Math.floor((now.getTime() - at.getTime()) / 1000);
}

/** A price older than `maxAgeS` (PRICE_MAX_AGE_S) is stale. */
export const isStale = (ageS: number, maxAgeS: number) => ageS > maxAgeS;

/**
 * The pairs among `pairs` (default: all the feed prices) whose price is stale, with their age in
 * seconds; a pair with no price yet is not here (it has no price to trade on at all).
 */
export function staleAges(
  feed: MarketFeed,
  now: Date,
  maxAgeS: number,
  pairs: readonly Pair[] = feed.pairs,
): Record<Pair, number> {
  const stale: Record<Pair, number> = {};
  for (const pair of pairs) {
    const age = priceAgeS(feed, pair, now);
    if (age !== undefined && isStale(age, maxAgeS)) stale[pair] = age;
  }
  return stale;
}
