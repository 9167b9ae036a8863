// Chart answers: checks the range, picks the source by config (YAHOO_PROVIDER), falls back from
// yahoo to recorded when Yahoo cannot be reached, and caches answers briefly per query.
import { badRequest } from "../core/errors.ts";
import type { Deps } from "../deps.ts";
import { TtlCache } from "./cache.ts";
import { rangeProblem } from "./limits.ts";
import { type ChartProvider, SourceUnavailable } from "./provider.ts";
import { recordedProvider } from "./recorded-provider.ts";
import type { ChartAnswer, ChartQuery } from "./schema.ts";
import { yahooProvider } from "./yahoo-provider.ts";

export const CACHE_TTL_MS = 60_000;
const CACHE_MAX_ENTRIES = 500;

export interface ChartService {
  chart(query: ChartQuery): Promise<ChartAnswer>;
}

/** `fetch` is injectable for tests; the app uses the global one. */
export function createChartService(
  deps: Pick<Deps, "clock" | "config" | "db">,
  opts: { fetch?: typeof fetch } = {},
): ChartService {
  const { config, clock } = deps;
  // Candles are recorded from the market feed; read those of the exchange the feed follows.
  const exchange = config.YAHOO_RECORDED_EXCHANGE ??
    (config.MARKET_FEED === "gate" ? "gate" : "binance");
  const recorded = recordedProvider(deps.db, exchange);
  const primary: ChartProvider = config.YAHOO_PROVIDER === "yahoo"
    ? yahooProvider({ baseUrl: config.YAHOO_URL, clock, fetch: opts.fetch })
    : recorded;
  const cache = new TtlCache<ChartAnswer>(clock, CACHE_TTL_MS, CACHE_MAX_ENTRIES);

  async function load(query: ChartQuery): Promise<ChartAnswer> {
    try {
      return { quotes: await primary.chart(query), source: primary.source };
    } catch (err) {
      if (!(err instanceof SourceUnavailable) || primary === recorded) throw err;
      return { quotes: await recorded.chart(query), source: recorded.source };
    }
  }

  return {
    chart(query) {
      const problem = rangeProblem(
        query.interval,
        query.period1,
        query.period2,
        clock.now().getTime() / 1000,
      );
      if (problem) return Promise.reject(badRequest(problem, "period1"));
      const key = [query.symbol, query.interval, query.period1, query.period2].join("|");
      return cache.get(key, () => load(query));
    },
  };
}
