// The part every feed shares: the last price per pair, when it last arrived, and the tick listeners.
import type { Clock } from "../core/clock.ts";
import type { MarketExchange, Pair, PriceTick } from "./feed.shared.ts";
import { logError } from "../core/log-error.ts";

export class PriceBook {
  private last = new Map<Pair, string>();
  private arrived = new Map<Pair, Date>();
  private listeners = new Set<(tick: PriceTick) => void>();
  lastTickAt: Date | null = null;

  constructor(readonly exchange: MarketExchange, private clock: Clock) {}

  /**
   * Records a price and tells the listeners; an unchanged price is not a tick, but it is news: the
   * price is as of `at` (now, or when an upstream instance received it).
   */
  set(pair: Pair, price: string, at = this.clock.now()) {
    const previous = this.arrived.get(pair);
    if (!previous || at > previous) this.arrived.set(pair, at);
    if (this.last.get(pair) === price) return;
    this.last.set(pair, price);
    const tick = { exchange: this.exchange, pair, price, at: this.clock.now() };
    this.lastTickAt = tick.at;
    for (const listener of this.listeners) {
      try {
        listener(tick);
      } catch (err) {
        // One faulty listener must not stop prices reaching the others.
        logError("market tick listener failed", err);
      }
    }
  }

  prices(): Record<Pair, string> {
    return Object.fromEntries(this.last);
  }

  price(pair: Pair) {
    return this.last.get(pair);
  }

  /** When the pair's last price arrived (an unchanged one too); undefined before the first. */
  priceAt(pair: Pair) {
    return this.arrived.get(pair);
  }

  onTick(listener: (tick: PriceTick) => void) {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }
}
