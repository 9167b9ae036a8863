// Builds the server's feeds from config: one per exchange.
// MARKET_FEED=sim: both exchanges simulated (seeds MARKET_SEED and MARKET_SEED + 1).
// MARKET_FEED=binance or gate: that exchange is live; the other one is simulated, so its pair
// selector, prices and paper trading keep working (its health entry says source "sim").
import type { Config } from "../config.ts";
import type { Clock } from "../core/clock.ts";
import { binanceFeed } from "./binance-feed.ts";
import type { Market, MarketExchange, MarketFeed } from "./feed.shared.ts";
import { gateFeed } from "./gate-feed.ts";
import type { LiveFeedOptions } from "./live-feed.ts";
import type { Scheduler } from "./scheduler.ts";
import { SimFeed } from "./sim-feed.ts";

export type MarketConfig = Pick<
  Config,
  | "MARKET_FEED"
  | "MARKET_SEED"
  | "MARKET_SIM_INTERVAL_MS"
  | "MARKET_RECONNECT_MS"
  | "BINANCE_WS_URL"
  | "GATE_WS_URL"
  | "GATE_WS_KEY"
  | "GATE_WS_SECRET"
>;

export interface MarketOptions {
  clock: Clock;
  /** The exchanges' live markets: a live feed subscribes only what they trade (default stored). */
  markets?: LiveFeedOptions["markets"];
  scheduler?: Scheduler;
  connect?: LiveFeedOptions["connect"];
  log?: LiveFeedOptions["log"];
}

export interface MarketRuntime extends Market {
  /** Starts every feed (the engine role does this; an api-only process does not). */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** The exchange's sim feed when it is simulated: tests and demos set prices through it. */
  sim(exchange: MarketExchange): SimFeed | undefined;
}

export function createMarket(config: MarketConfig, opts: MarketOptions): MarketRuntime {
  const live = {
    clock: opts.clock,
    scheduler: opts.scheduler,
    connect: opts.connect,
    log: opts.log,
    markets: opts.markets,
  };
  const sim = (exchange: MarketExchange, seed: number) =>
    new SimFeed({
      exchange,
      seed,
      clock: opts.clock,
      scheduler: opts.scheduler,
      intervalMs: config.MARKET_SIM_INTERVAL_MS,
    });
  const reconnectMs = config.MARKET_RECONNECT_MS;
  const credentials = config.GATE_WS_KEY && config.GATE_WS_SECRET
    ? { key: config.GATE_WS_KEY, secret: config.GATE_WS_SECRET }
    : undefined;
  const feeds: Record<MarketExchange, MarketFeed> = {
    binance: config.MARKET_FEED === "binance"
      ? binanceFeed(config.BINANCE_WS_URL, { ...live, reconnectMs })
      : sim("binance", config.MARKET_SEED),
    gate: config.MARKET_FEED === "gate"
      ? gateFeed({ ...live, reconnectMs, url: config.GATE_WS_URL, credentials })
      : sim("gate", config.MARKET_SEED + 1),
  };
  return {
    feed: (exchange) => feeds[exchange],
    all: () => Object.values(feeds),
    sim: (exchange) => feeds[exchange] instanceof SimFeed ? feeds[exchange] : undefined,
    async start() {
      await Promise.all(Object.values(feeds).map((f) => f.start()));
    },
    async stop() {
      await Promise.all(Object.values(feeds).map((f) => f.stop()));
    },
  };
}

/** What /api/health reports per feed. */
export const feedHealth = (market: Market) =>
  market.all().map((feed) => ({ exchange: feed.exchange, source: feed.source, ...feed.state() }));
