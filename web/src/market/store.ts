// The topbar's market: exchange, pair, the pairs offered and the latest prices. The selection is
// restored from the profile (and saved by trading/selection.ts). Prices arrive from the 1 s poll
// or, pushed, from the realtime client through setPrice.
import { proxy } from "valtio";
import { DEFAULT_PAIR } from "../../../server/exchanges/pairs.shared.ts";
import { onSignOut } from "../session/store.ts";
import { fetchPairOptions, type PairOption } from "./api.ts";
import {
  DEFAULT_EXCHANGE,
  pairOnExchange,
  type TradingExchange,
  tradingExchange,
} from "./pairs.ts";

const initial = () => ({
  exchange: DEFAULT_EXCHANGE as TradingExchange,
  pair: DEFAULT_PAIR,
  pairs: [] as PairOption[],
  /** Latest price per pair on the selected exchange. */
  prices: {} as Record<string, string>,
  /** Its pairs whose price is too old to trade on, with the age in seconds (the server's word). */
  stale: {} as Record<string, number>,
  /** NFT pairs: the price typed by hand and the asset id. */
  typedPrice: "",
  assetId: "",
});

export const market = proxy(initial());

/** Latest prices of one exchange (pair → price); ignored unless it is the selected exchange. */
export function setPrice(exchange: string, prices: Record<string, string>) {
  if (exchange !== market.exchange) return;
  Object.assign(market.prices, prices);
}

/** The stale prices of one exchange (GET /Summaries/stale-prices); ignored for another. */
export function setStale(exchange: string, stale: Record<string, number>) {
  if (exchange === market.exchange) market.stale = stale;
}

/** Another exchange: none of its prices are known yet. */
export function clearPrices() {
  market.prices = {};
  market.stale = {};
}

export const selectedPrice = (): string | undefined => market.prices[market.pair];

/** Applies the saved selection of the signed-in user (profile or login answer). */
export function restoreSelection(saved: { pair?: string | null; exchange?: string | null }) {
  const exchange = tradingExchange(saved.exchange);
  if (exchange !== market.exchange) {
    market.exchange = exchange;
    clearPrices();
  }
  market.pair = pairOnExchange(saved.pair, exchange);
}

export async function loadPairs() {
  const exchange = market.exchange;
  const pairs = await fetchPairOptions(exchange);
  if (exchange !== market.exchange) return;
  market.pairs = pairs;
  // The server offers what the exchange's markets trade: a saved pair it does not (BTC/USD on
  // Binance) gives way to the default.
  if (pairs.length && !pairs.some((p) => p.value === market.pair)) market.pair = DEFAULT_PAIR;
}

onSignOut(() => Object.assign(market, initial()));
