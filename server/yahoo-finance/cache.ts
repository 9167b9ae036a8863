// A short-lived, bounded answer cache with single flight: concurrent identical requests share one
// load, so many staff opening the page make one upstream request. Failures are not kept.
import type { Clock } from "../core/clock.ts";

export class TtlCache<V> {
  private entries = new Map<string, { expires: number; value: Promise<V> }>();

  constructor(private clock: Clock, private ttlMs: number, private maxEntries: number) {}

  get(key: string, load: () => Promise<V>): Promise<V> {
    const now = this.clock.now().getTime();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    this.entries.delete(key);
    const value = load();
    this.entries.set(key, { expires: now + this.ttlMs, value });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    // Map keeps insertion order: the first key is the oldest.
    while (this.entries.size > this.maxEntries) {
      this.entries.delete(this.entries.keys().next().value!);
    }
    return value;
  }

  get size() {
    return this.entries.size;
  }
}
