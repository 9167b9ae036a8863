// Feed prices in batches. Pushed to the hub, coalesced: each exchange sends one batch of the pairs
// that moved, at most once per interval, so a pair reaches a socket at most once a second however
// fast it ticks. Snapshots for the bus: every open feed's prices, every PRICE_SNAPSHOT_MS.
import type { Clock } from "../core/clock.ts";
import { type Market, type MarketFeed, PRICE_SNAPSHOT_MS } from "../market/feed.shared.ts";
import type { Bus } from "./bus.ts";
import type { PriceMessage } from "./protocol.ts";
import { logError } from "../core/log-error.ts";

/** Injected so tests run the coalescing without waiting. */
export interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(id: unknown): void;
}

export const realTimers: Timers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
};

export interface PricePushOptions {
  clock: Clock;
  timers?: Timers;
  intervalMs?: number;
  /** Receives each batch (the hub's fan-out, and the bus when api-only instances share it). */
  emit(msg: PriceMessage): void;
}

/** Starts pushing; returns the stop function. */
export function startPricePush(market: Market, opts: PricePushOptions): () => void {
  const stops = market.all().map((feed) => coalesce(feed, opts));
  return () => stops.forEach((stop) => stop());
}

function coalesce(feed: MarketFeed, opts: PricePushOptions): () => void {
  const timers = opts.timers ?? realTimers;
  const interval = opts.intervalMs ?? 1000;
  let pending: Record<string, string> = {};
  let timer: unknown;
  let lastFlush = -Infinity;

  const flush = () => {
    timer = undefined;
    const now = opts.clock.now().getTime();
    lastFlush = now;
    const prices = pending;
    pending = {};
    opts.emit({ type: "price", exchange: feed.exchange, prices, at: now });
  };

  const unsubscribe = feed.onTick((tick) => {
    pending[tick.pair] = tick.price;
    if (timer !== undefined) return;
    const wait = Math.max(0, lastFlush + interval - opts.clock.now().getTime());
    timer = timers.set(flush, wait);
  });

  return () => {
    unsubscribe();
    if (timer !== undefined) timers.clear(timer);
  };
}

/**
 * Every interval, each open feed's prices in one batch, for the bus: an api-only instance then has
 * the pairs that have not moved since it started, and knows its source is alive (its relayed
 * prices go stale without batches). A feed that is not open sends none, so they do go stale.
 */
export function startPriceSnapshots(market: Market, opts: PricePushOptions): () => void {
  const timers = opts.timers ?? realTimers;
  const interval = opts.intervalMs ?? PRICE_SNAPSHOT_MS;
  const send = () => {
    sendSnapshot(market, opts);
    timer = timers.set(send, interval);
  };
  let timer = timers.set(send, interval);
  return () => timers.clear(timer);
}

/** Each open feed's prices, one batch per exchange; a feed not open sends none. */
export function sendSnapshot(market: Market, opts: Pick<PricePushOptions, "clock" | "emit">) {
  const at = opts.clock.now().getTime();
  for (const feed of market.all()) {
    if (feed.state().state !== "open") continue;
    const prices = feed.prices();
    if (Object.keys(prices).length) {
      const pricedAt = Object.fromEntries(
        Object.keys(prices).map((pair) => [pair, feed.priceAt(pair)?.getTime() ?? at]),
      );
      opts.emit({ type: "price", exchange: feed.exchange, prices, at, pricedAt });
    }
  }
}

/**
 * Hands a market's prices on over the bus, to every instance's relayed market (the publisher's
 * own included): a snapshot at once (an engine taking over), the batches of the pairs that
 * moved, the periodic snapshots, and a snapshot whenever an instance asks (one just started).
 * Returns the stop function.
 */
export function handOnPrices(
  market: Market,
  bus: Bus,
  opts: Omit<PricePushOptions, "emit" | "intervalMs">,
): () => void {
  const emit = (msg: PriceMessage) =>
    void bus.publish({ kind: "prices", msg }).catch((err) => logError("prices: publish", err));
  const stops = [
    startPricePush(market, { ...opts, emit }),
    startPriceSnapshots(market, { ...opts, emit }),
    bus.subscribe((event) => {
      if (event.kind === "prices-wanted") sendSnapshot(market, { ...opts, emit });
    }),
  ];
  sendSnapshot(market, { ...opts, emit });
  return () => stops.forEach((stop) => stop());
}
