// The market rules of each exchange, shared by every account that trades there. Live: read from
// the exchange (Binance GET /api/v3/exchangeInfo, Gate GET /api/v4/spot/currency_pairs) at start,
// again once they are an hour old, and at once after the exchange refused an order on a filter.
// Until the first answer (or when the exchange cannot be reached) the stored copy stands in.
// Paper: always the stored copy (snapshot.json, the exchanges' own answers trimmed to our pairs),
// so the demo refuses and rounds exactly as the real exchanges do.
import type { Clock } from "../../core/clock.ts";
import { msg } from "../../core/messages.shared.ts";
import { type ExchangeName, type PairInfo, pairsFor } from "../pairs.shared.ts";
import { ExchangeError, type OrderRequest } from "../adapter.ts";
import { type Fetch, restCall } from "../http.ts";
import {
  type BinanceExchangeInfo,
  binanceRules,
  type GateCurrencyPair,
  gateRules,
  type MarketRule,
  shapeOrder,
} from "./rules.ts";
import snapshot from "./snapshot.json" with { type: "json" };

export const REFRESH_MS = 60 * 60_000;
/** After a failed load, the stored copy serves this long before the exchange is asked again. */
export const RETRY_MS = 60_000;

export interface Markets {
  /** The pair's rules on the exchange; undefined when the exchange does not trade it. */
  rule(exchange: ExchangeName, pair: string): Promise<MarketRule | undefined>;
  /** The spec pair codes the exchange trades. */
  pairs(exchange: ExchangeName): Promise<string[]>;
  /** Marks the exchange's rules stale: the next order reloads them (after a filter refusal). */
  invalidate(exchange: ExchangeName): void;
}

const stored: Record<ExchangeName, MarketRule[]> = {
  binance: binanceRules(snapshot.binance as BinanceExchangeInfo),
  gate: gateRules(snapshot.gate as GateCurrencyPair[]),
};

const byPair = (rules: MarketRule[]) => new Map(rules.map((r) => [r.pair, r]));

/** The pairs the stored copy says the exchange trades. */
export const storedPairs = (exchange: ExchangeName) => stored[exchange].map((r) => r.pair);

/** The stored copy: what the paper exchange trades by. */
export function storedMarkets(): Markets {
  const maps = { binance: byPair(stored.binance), gate: byPair(stored.gate) };
  return {
    rule: (exchange, pair) => Promise.resolve(maps[exchange].get(pair)),
    pairs: (exchange) => Promise.resolve([...maps[exchange].keys()]),
    invalidate() {},
  };
}

export interface LiveMarketsDeps {
  urls: Record<ExchangeName, string>;
  clock: Clock;
  fetch?: Fetch;
  log?: (message: string) => void;
}

interface Loaded {
  rules: Map<string, MarketRule>;
  /** When to ask the exchange again. */
  until: number;
  loading?: Promise<Map<string, MarketRule>>;
}

export function liveMarkets(deps: LiveMarketsDeps): Markets & { load(): Promise<void> } {
  const log = deps.log ?? ((m) => console.warn(`[markets] ${m}`));
  const state: Partial<Record<ExchangeName, Loaded>> = {};

  async function fetchRules(exchange: ExchangeName): Promise<MarketRule[]> {
    const base = deps.urls[exchange].replace(/\/+$/, "");
    const call = <T>(path: string) =>
      restCall<T>({
        exchange,
        title: exchange === "binance" ? "Binance" : "Gate",
        fetch: deps.fetch ?? fetch,
        url: base + path,
        init: { method: "GET", headers: { Accept: "application/json" } },
        errorMessage: (b) =>
          (b as { msg?: string; message?: string }).msg ??
            (b as { message?: string }).message,
      });
    return exchange === "binance"
      ? binanceRules(await call<BinanceExchangeInfo>("/api/v3/exchangeInfo"))
      : gateRules(await call<GateCurrencyPair[]>("/api/v4/spot/currency_pairs"));
  }

  function current(exchange: ExchangeName): Promise<Map<string, MarketRule>> {
    const now = deps.clock.now().getTime();
    const loaded = state[exchange];
    if (loaded && now < loaded.until) return Promise.resolve(loaded.rules);
    if (loaded?.loading) return loaded.loading;
    const entry: Loaded = loaded ?? { rules: byPair(stored[exchange]), until: 0 };
    state[exchange] = entry;
    entry.loading = fetchRules(exchange).then((rules) => {
      entry.rules = byPair(rules);
      entry.until = deps.clock.now().getTime() + REFRESH_MS;
      return entry.rules;
    }, (err) => {
      log(`${exchange} markets not loaded, using the stored copy: ${(err as Error).message}`);
      entry.until = deps.clock.now().getTime() + RETRY_MS;
      return entry.rules;
    }).finally(() => entry.loading = undefined);
    return entry.loading;
  }

  return {
    rule: async (exchange, pair) => (await current(exchange)).get(pair),
    pairs: async (exchange) => [...(await current(exchange)).keys()],
    invalidate(exchange) {
      const loaded = state[exchange];
      if (loaded) loaded.until = 0;
    },
    /** Loads both exchanges' markets (at start, when the live adapter trades). */
    async load() {
      await Promise.all([current("binance"), current("gate")]);
    },
  };
}

/**
 * The pairs a selector offers for `exchange` (list-price-support, topbar, call targets): the spec's
 * list for it less what the exchange does not trade; NFT pairs (typed price) always.
 */
export async function offeredPairs(markets: Markets, exchange: string): Promise<PairInfo[]> {
  const traded = new Set(await markets.pairs(exchange === "gate" ? "gate" : "binance"));
  return pairsFor(exchange).filter((p) => p.nft || traded.has(p.value));
}

/**
 * The order as the exchange will take it: its pair's rule and the order on that rule's grid,
 * valued at the limit price or, for a market order, the current price. Throws (ExchangeError)
 * for a pair the exchange does not trade, a missing price, or an order under the minimum.
 */
export async function prepareOrder(
  markets: Markets,
  exchange: ExchangeName,
  order: OrderRequest,
  priceOf: (pair: string) => string | undefined,
) {
  const rule = await requireRule(markets, exchange, order.pair);
  const price = order.type === "limit" ? order.price : priceOf(order.pair);
  if (!price) {
    throw new ExchangeError(
      exchange,
      order.type === "limit"
        ? msg("exchange.limitNeedsPrice")
        : msg("exchange.noMarketPrice", { pair: order.pair }),
    );
  }
  return { rule, shaped: shapeOrder(rule, order, price) };
}

/** The pair's rule or a 400 naming what the exchange does not trade. */
export async function requireRule(markets: Markets, exchange: ExchangeName, pair: string) {
  const rule = await markets.rule(exchange, pair);
  if (!rule) {
    const title = exchange === "binance" ? "Binance" : "Gate";
    throw new ExchangeError(exchange, msg("exchange.notTraded", { exchange: title, pair }), 400);
  }
  return rule;
}
