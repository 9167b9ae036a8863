// The market of an api-only instance (ROLES=api, docs/configuration.md#api-and-engine-roles): it
// has no upstream feeds of its own, so it keeps the prices the instances with feeds hand on over
// the realtime bus (their 1 Hz batches of the pairs that moved, and every few seconds all prices of
// their open feeds). Trades are then priced and guarded here as anywhere, and /Summaries/prices
// answers. A feed is "open" while batches keep coming. Without one for STALE_MS its source is gone
// (the instance with the feed stopped, or its upstream feed closed): its prices are no longer
// served, so nothing is priced or traded on them.
import type { Clock } from "../core/clock.ts";
import {
  type Market,
  MARKET_EXCHANGES,
  type MarketExchange,
  type MarketFeed,
  PRICE_SNAPSHOT_MS,
} from "./feed.shared.ts";
import { storedPairs } from "../exchanges/markets/markets.ts";
import { PriceBook } from "./price-book.ts";

/** Three snapshot intervals without a batch: the source is gone. */
export const STALE_MS = 3 * PRICE_SNAPSHOT_MS;

export function createRelayedMarket(clock: Clock): Required<Market> {
  const lastBatchAt = new Map<MarketExchange, number>();
  const feeds = new Map<MarketExchange, MarketFeed & { book: PriceBook }>(
    MARKET_EXCHANGES.map((exchange) => {
      const book = new PriceBook(exchange, clock);
      const fresh = () => {
        const at = lastBatchAt.get(exchange);
        return at !== undefined && clock.now().getTime() - at < STALE_MS;
      };
      const feed = {
        exchange,
        source: "relay" as const,
        pairs: storedPairs(exchange),
        book,
        start: () => Promise.resolve(),
        stop: () => Promise.resolve(),
        prices: () => fresh() ? book.prices() : {},
        price: (pair: string) => fresh() ? book.price(pair) : undefined,
        priceAt: (pair: string) => fresh() ? book.priceAt(pair) : undefined,
        onTick: book.onTick.bind(book),
        state: () => ({
          state: fresh() ? "open" as const : "connecting" as const,
          lastTickAt: book.lastTickAt,
          reconnects: 0,
        }),
      };
      return [exchange, feed];
    }),
  );
  return {
    feed: (exchange) => feeds.get(exchange)!,
    all: () => [...feeds.values()],
    relay({ exchange, prices, pricedAt }) {
      const book = feeds.get(exchange)?.book;
      if (!book) return;
      const now = clock.now();
      lastBatchAt.set(exchange, now.getTime());
      // A price is as old as upstream says (a snapshot repeats a silent pair's last price); never
      // newer than its arrival here.
      for (const [pair, price] of Object.entries(prices)) {
        const at = pricedAt?.[pair];
        book.set(pair, price, at === undefined ? now : new Date(Math.min(at, now.getTime())));
      }
    },
  };
}
