// A chart provider answers quotes for one query. Sources: yahoo (the v8 chart API) and recorded
// (the server's own 1-minute candles, aggregated).
import type { ChartQuery, ChartSource, Quote } from "./schema.ts";

export interface ChartProvider {
  readonly source: ChartSource;
  /** Quotes in time order, oldest first. */
  chart(query: ChartQuery): Promise<Quote[]>;
}

/** The source cannot be reached right now (network, timeout, 5xx, rate limit): try another. */
export class SourceUnavailable extends Error {
  constructor(readonly source: ChartSource, reason: string) {
    super(`${source} unavailable: ${reason}`);
  }
}
