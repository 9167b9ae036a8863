// The default feed: a seeded random walk per pair, no network. The same seed gives the same prices.
// Prices move in whole ticks (integers), so the strings it emits are exact, never float noise.
import type { Clock } from "../core/clock.ts";
import { dec } from "../core/decimal.shared.ts";
import type { FeedState, MarketExchange, MarketFeed, Pair } from "./feed.shared.ts";
import { storedPairs } from "../exchanges/markets/markets.ts";
import { findPair, priceDecimals } from "../exchanges/pairs.shared.ts";
import { PriceBook } from "./price-book.ts";
import { type Scheduler, systemScheduler } from "./scheduler.ts";

/**
 * Starting price and per-step volatility (fraction of price, one standard deviation), for every pair
 * an exchange trades (storedPairs).
 */
const START: Record<Pair, [string, number]> = {
  btc_usdt: ["67250.00", 0.0002],
  eth_usdt: ["3450.00", 0.0003],
  bnb_usdt: ["585.00", 0.0003],
  btc_fdusd: ["67255.00", 0.0002],
  btc_tusd: ["67260.00", 0.0002],
  undead_usdt: ["0.01234", 0.001],
  naft_usdt: ["0.0004567", 0.001],
  mepad_usdt: ["0.001234", 0.001],
};

/** Pull back toward the start price per step, so a long run stays in a realistic range. */
const REVERSION = 0.001;

/** mulberry32: small, fast, and the same sequence on every platform for a given seed. */
function seededRandom(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Walk {
  pair: Pair;
  tick: string;
  startTicks: number;
  ticks: number;
  volatility: number;
}

export interface SimFeedOptions {
  exchange: MarketExchange;
  seed: number;
  clock: Clock;
  /** Time between steps when started; default 1 s, the client's refresh tick. */
  intervalMs?: number;
  scheduler?: Scheduler;
}

export class SimFeed implements MarketFeed {
  readonly exchange: MarketExchange;
  readonly source = "sim";
  readonly pairs: readonly Pair[];
  private book: PriceBook;
  private walks: Walk[];
  private random: () => number;
  private stopTimer: (() => void) | null = null;
  /** Pairs held silent (silence()), each since when. */
  private silent = new Map<Pair, Date>();

  constructor(private opts: SimFeedOptions) {
    this.exchange = opts.exchange;
    // Only what the exchange's markets trade (the stored copy paper trades by): no Binance BTC/USD.
    this.pairs = storedPairs(opts.exchange);
    this.book = new PriceBook(opts.exchange, opts.clock);
    this.random = seededRandom(opts.seed);
    this.walks = this.pairs.map((pair) => {
      const [price, volatility] = START[pair];
      const tick = findPair(pair)!.tickSize;
      const ticks = dec(price).div(tick).toNumber();
      return { pair, tick, startTicks: ticks, ticks, volatility };
    });
    // Prices exist from the start: an unstarted sim (api role, tests) still answers.
    for (const walk of this.walks) this.book.set(walk.pair, this.format(walk));
  }

  start() {
    this.stopTimer ??= (this.opts.scheduler ?? systemScheduler).every(
      this.opts.intervalMs ?? 1000,
      () => this.step(),
    );
    return Promise.resolve();
  }

  stop() {
    this.stopTimer?.();
    this.stopTimer = null;
    return Promise.resolve();
  }

  /** Moves every pair one step of its walk. */
  step() {
    for (const walk of this.walks) {
      if (this.silent.has(walk.pair)) continue;
      const drift = (walk.startTicks - walk.ticks) * REVERSION;
      const move = Math.round(this.gaussian() * walk.ticks * walk.volatility + drift);
      walk.ticks = Math.max(1, walk.ticks + move);
      this.book.set(walk.pair, this.format(walk));
    }
  }

  /** Puts a pair at a price (snapped to its tick); the walk continues from there. */
  setPrice(pair: Pair, price: string) {
    const walk = this.walks.find((w) => w.pair === pair);
    if (!walk) throw new Error(`The ${this.exchange} sim does not price "${pair}"`);
    walk.ticks = Math.max(1, dec(price).div(walk.tick).round().toNumber());
    this.silent.delete(pair);
    this.book.set(pair, this.format(walk));
  }

  /**
   * Holds a pair silent, as a live feed's pair that stops streaming: its price stays and ages from
   * now until setPrice gives it a new one (tests, and demos of a stale price).
   */
  silence(pair: Pair) {
    this.silent.set(pair, this.opts.clock.now());
  }

  prices() {
    return this.book.prices();
  }

  price(pair: Pair) {
    return this.book.price(pair);
  }

  /**
   * The sim is its own source, never behind: its prices are as of now (started or not, as tests
   * move the clock without stepping it), but for a pair held silent.
   */
  priceAt(pair: Pair) {
    if (this.book.price(pair) === undefined) return undefined;
    return this.silent.get(pair) ?? this.opts.clock.now();
  }

  onTick(listener: Parameters<MarketFeed["onTick"]>[0]) {
    return this.book.onTick(listener);
  }

  state() {
    const state: FeedState = this.stopTimer ? "open" : "closed";
    return { state, lastTickAt: this.book.lastTickAt, reconnects: 0 };
  }

  private format(walk: Walk) {
    return dec(walk.ticks).mul(walk.tick).toFixed(priceDecimals(walk.pair));
  }

  /** Box-Muller: a standard normal draw from two uniform ones. */
  private gaussian() {
    const u = 1 - this.random();
    const v = this.random();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }
}
