// The exchanges' candle history as the desk's chart reads it: closed bars never change, so each
// one (or the exchange's saying it has none) is kept per (pair, interval, bar) and a page load asks
// the exchange only for bars it has not answered yet. After a failure the exchange is left alone
// for a while: an unreachable exchange must not slow every chart by its timeout.
import type { Clock } from "../core/clock.ts";
import { INTERVAL_MS } from "./candle-intervals.shared.ts";
import type { CandleHistory, HistoryBar } from "./adapter.ts";

/** Bars kept per exchange (a day of minutes for a few pairs and intervals); the oldest go first. */
const MAX_BARS = 50_000;
/** How long the exchange is not asked again after it failed. */
export const HISTORY_RETRY_MS = 30_000;

export function cachedHistory(source: CandleHistory, clock: Clock): CandleHistory {
  const kept = new Map<string, HistoryBar | null>();
  let resting = 0;
  return {
    async bars(pair, interval, fromMs, toMs) {
      const step = INTERVAL_MS[interval];
      const key = (t: number) => `${pair}|${interval}|${t}`;
      const wanted: number[] = [];
      for (let t = fromMs; t <= toMs; t += step) wanted.push(t);
      const missing = wanted.filter((t) => !kept.has(key(t)));
      const now = clock.now().getTime();
      if (missing.length && now >= resting) {
        let got: HistoryBar[];
        try {
          got = await source.bars(pair, interval, missing[0], missing.at(-1)!);
        } catch (err) {
          resting = now + HISTORY_RETRY_MS;
          throw err;
        }
        const byOpen = new Map(got.map((b) => [b.t, b]));
        // Only a closed bar is final: the open one is still moving on the exchange.
        for (const t of missing) if (t + step <= now) kept.set(key(t), byOpen.get(t) ?? null);
        while (kept.size > MAX_BARS) kept.delete(kept.keys().next().value!);
        return wanted.map((t) => kept.get(key(t)) ?? byOpen.get(t)).filter((b): b is HistoryBar =>
          !!b
        );
      }
      return wanted.map((t) => kept.get(key(t))).filter((b): b is HistoryBar => !!b);
    },
  };
}
