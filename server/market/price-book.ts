// The part every feed shares: the last price per pair and the tick listeners.
import type { Clock } from "../core/clock.ts";
import type { MarketExchange, Pair, PriceTick } from "./feed.shared.ts";
import { logError } from "../core/log-error.ts";

export class PriceBook {
  private last = new Map<Pair, string>();
  private listeners = new Set<(tick: PriceTick) => void>();
  lastTickAt: Date | null = null;

  constructor(readonly exchange: MarketExchange, private clock: Clock) {}

  /** Records a price and tells the listeners; an unchanged price is not a tick. */
  set(pair: Pair, price: string) {
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

  onTick(listener: (tick: PriceTick) => void) {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }
}
