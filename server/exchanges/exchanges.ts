// Picks the adapter that trades for an account: paper (the default, EXCHANGE_ADAPTER=paper) or the
// exchange's live REST client. A bot key row names its own kind in `bot_keys.adapter`.
import type { Config } from "../config.ts";
import type { Clock } from "../core/clock.ts";
import { msg } from "../core/messages.shared.ts";
import type { Database } from "../db/client.ts";
import { type CandleHistory, type ExchangeAdapter, ExchangeError } from "./adapter.ts";
import { binanceHistory, createBinanceAdapter } from "./binance.ts";
import { createGateAdapter, gateHistory } from "./gate.ts";
import { cachedHistory } from "./history.ts";
import type { Fetch } from "./http.ts";
import { liveMarkets, type Markets, storedMarkets } from "./markets/markets.ts";
import { createPaperAdapter, parseStartBalances } from "./paper.ts";
import type { ExchangeName } from "./pairs.shared.ts";

export type AdapterKind = "paper" | "live";

export interface Exchanges {
  /**
   * The adapter for `exchange` ("binance" or "gate"; others throw an ExchangeError) and account
   * kind; `kind` defaults to config EXCHANGE_ADAPTER. Paper adapters price from that exchange's feed.
   */
  adapter(exchange: string, kind?: AdapterKind): ExchangeAdapter;
  /** The market rules trades of that kind follow: the stored copy (paper) or the exchange's. */
  markets(kind?: AdapterKind): Markets;
  /** Loads the live markets when the live adapter trades (at start). */
  start(): Promise<void>;
  /** The exchange's public candle history, closed bars cached (history.ts). */
  history(exchange: ExchangeName): CandleHistory;
}

/** Where paper orders take their prices: the market's feeds (server/market/), one per exchange. */
export interface PriceSource {
  feed(exchange: ExchangeName): { price(pair: string): string | undefined };
}

export interface ExchangesDeps {
  config: Pick<
    Config,
    "EXCHANGE_ADAPTER" | "PAPER_START_BALANCES" | "BINANCE_REST_URL" | "GATE_REST_URL"
  >;
  database: Pick<Database, "db" | "sql">;
  clock: Clock;
  /** Absent on an api-only instance: its market orders then find no price. */
  market?: PriceSource;
  fetch?: Fetch;
  /** How long a live exchange's answer is awaited before the order is in doubt; default 10 s. */
  timeoutMs?: number;
  /** The exchanges' own markets, when the caller shares them (with the live feeds); else made. */
  liveMarkets?: Markets & { load?(): Promise<void> };
  /** How long a chart waits for an exchange's candle history; default 2 s. */
  historyTimeoutMs?: number;
}

/** Maps a bot key's `adapter` column ("paper", "binance", "gate") to an account kind. */
export const kindOf = (adapter: string): AdapterKind => adapter === "paper" ? "paper" : "live";

export function createExchanges(deps: ExchangesDeps): Exchanges {
  const startBalances = parseStartBalances(deps.config.PAPER_START_BALANCES);
  const funded = new Set<string>();
  const priceOf = (exchange: ExchangeName) => (pair: string) =>
    deps.market?.feed(exchange).price(pair);
  const markets: Record<AdapterKind, Markets & { load?(): Promise<void> }> = {
    paper: storedMarkets(),
    live: deps.liveMarkets ?? liveMarkets({
      urls: { binance: deps.config.BINANCE_REST_URL, gate: deps.config.GATE_REST_URL },
      clock: deps.clock,
      fetch: deps.fetch,
    }),
  };
  const paper = (exchange: ExchangeName) =>
    createPaperAdapter({
      database: deps.database,
      exchange,
      markets: markets.paper,
      priceOf: priceOf(exchange),
      startBalances,
      funded,
    });
  const adapters: Record<ExchangeName, Record<AdapterKind, ExchangeAdapter>> = {
    binance: {
      paper: paper("binance"),
      live: createBinanceAdapter({
        baseUrl: deps.config.BINANCE_REST_URL,
        clock: deps.clock,
        fetch: deps.fetch,
        markets: markets.live,
        priceOf: priceOf("binance"),
        timeoutMs: deps.timeoutMs,
      }),
    },
    gate: {
      paper: paper("gate"),
      live: createGateAdapter({
        baseUrl: deps.config.GATE_REST_URL,
        clock: deps.clock,
        fetch: deps.fetch,
        markets: markets.live,
        priceOf: priceOf("gate"),
        timeoutMs: deps.timeoutMs,
      }),
    },
  };
  const historyOf = (exchange: ExchangeName) => ({
    baseUrl: exchange === "binance" ? deps.config.BINANCE_REST_URL : deps.config.GATE_REST_URL,
    fetch: deps.fetch,
    timeoutMs: deps.historyTimeoutMs ?? 2_000,
  });
  const history: Record<ExchangeName, CandleHistory> = {
    binance: cachedHistory(binanceHistory(historyOf("binance")), deps.clock),
    gate: cachedHistory(gateHistory(historyOf("gate")), deps.clock),
  };
  return {
    history: (exchange) => history[exchange],
    adapter(exchange, kind = deps.config.EXCHANGE_ADAPTER) {
      if (exchange !== "binance" && exchange !== "gate") {
        throw new ExchangeError(exchange, msg("exchange.unsupported", { exchange }));
      }
      return adapters[exchange][kind];
    },
    markets: (kind = deps.config.EXCHANGE_ADAPTER) => markets[kind],
    async start() {
      if (deps.config.EXCHANGE_ADAPTER === "live") await markets.live.load?.();
    },
  };
}
