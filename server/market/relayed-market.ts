// The market of an api-only instance (ROLES=api, design section 6): it has no upstream feeds of its
// own, so it keeps the prices the instances with feeds hand on over the realtime bus (their 1 Hz
// price batches). Trades are then priced and guarded here as anywhere, and /Summaries/prices
// answers. A feed is "open" while batches keep coming.
import type { Clock } from "../core/clock.ts";
import { type Market, MARKET_EXCHANGES, type MarketExchange, type MarketFeed } from "./feed.ts";
import { feedPairs } from "./pairs.ts";
import { PriceBook } from "./price-book.ts";

/** Batches come every second while prices move; after this long without one the feed is stale. */
const STALE_MS = 15_000;

export function createRelayedMarket(clock: Clock): Required<Market> {
  const feeds = new Map<MarketExchange, MarketFeed & { book: PriceBook }>(
    MARKET_EXCHANGES.map((exchange) => {
      const book = new PriceBook(exchange, clock);
      const feed = {
        exchange,
        source: "relay" as const,
        pairs: feedPairs(exchange),
        book,
        start: () => Promise.resolve(),
        stop: () => Promise.resolve(),
        prices: () => book.prices(),
        price: (pair: string) => book.price(pair),
        onTick: book.onTick.bind(book),
        state: () => ({
          state: book.lastTickAt && clock.now().getTime() - book.lastTickAt.getTime() < STALE_MS
            ? "open" as const
            : "connecting" as const,
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
    relay({ exchange, prices }) {
      const book = feeds.get(exchange)?.book;
      if (!book) return;
      for (const [pair, price] of Object.entries(prices)) book.set(pair, price);
    },
  };
}
