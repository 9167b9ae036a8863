// A market feed keeps the latest price per pair of one exchange and tells listeners when it moves.
// Sources: sim (seeded random walk, the default), binance (bookTicker, best bid "b"), gate
// (spot.tickers, "highest_bid").

/** Pairs are the spec's lower-case codes: "btc_usdt", "eth_usdt", ... */
export type Pair = string;
/** The exchanges with market feeds. */
export const MARKET_EXCHANGES = ["binance", "gate"] as const;
export type MarketExchange = (typeof MARKET_EXCHANGES)[number];

/**
 * How often an instance with feeds hands on all its open feeds' prices over the bus (realtime/
 * price-push.ts); api-only instances count their relayed prices stale after three missed.
 */
export const PRICE_SNAPSHOT_MS = 5_000;

export interface PriceTick {
  exchange: MarketExchange;
  pair: Pair;
  /** Decimal string, as the exchange sent it: no float drift. */
  price: string;
  at: Date;
}

export type FeedState = "connecting" | "open" | "closed";

export interface MarketFeed {
  readonly exchange: MarketExchange;
  /** Where the prices come from, for /api/health ("relay": another instance, over the bus). */
  readonly source?: "sim" | "binance" | "gate" | "relay";
  /** Pairs this feed prices. */
  readonly pairs: readonly Pair[];
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Latest price per pair (decimal strings). */
  prices(): Record<Pair, string>;
  price(pair: Pair): string | undefined;
  /**
   * When the pair's last price arrived, an unchanged one too (its age decides whether it may be
   * traded on: market/price-age.ts); undefined before the first.
   */
  priceAt(pair: Pair): Date | undefined;
  /** Called on every tick; returns an unsubscribe function. */
  onTick(listener: (tick: PriceTick) => void): () => void;
  state(): {
    state: FeedState;
    lastTickAt: Date | null;
    reconnects: number;
    /** Pairs the exchange refused to stream (unknown there): dropped from the subscription. */
    unsupported?: Pair[];
    /** Each pair's own state (live feeds and the sim; a relay knows only the whole feed). */
    pairs?: Record<Pair, PairHealth>;
  };
}

/**
 * live: a price within the feed's silence limit; waiting: subscribed, none yet; silent: none for
 * longer (about to be subscribed again or reconnected); resubscribed: subscribed again after a
 * silence, none since; unsupported: the exchange refused it; down: the feed's socket is not open.
 */
export interface PairHealth {
  state: "live" | "waiting" | "silent" | "resubscribed" | "unsupported" | "down";
  /** When its last price arrived (ISO), null if none yet. */
  lastPriceAt: string | null;
}

/** The feeds of the running server, one per exchange. */
export interface Market {
  feed(exchange: MarketExchange): MarketFeed;
  all(): MarketFeed[];
  /** Present on an api-only instance's market: takes prices handed on by another instance. */
  relay?(
    batch: {
      exchange: MarketExchange;
      prices: Record<string, string>;
      /** When each price arrived upstream (epoch ms); absent: now. */
      pricedAt?: Record<string, number>;
    },
  ): void;
}
