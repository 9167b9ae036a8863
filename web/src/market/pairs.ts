// Which exchange and pair the topbar may show (docs/trading.md#pairs). Pure: tested under Deno.
import {
  DEFAULT_PAIR,
  isListedOn,
  isNftName,
  priceDecimals,
} from "../../../server/exchanges/pairs.shared.ts";
import { numericText } from "../ui/numeric-text.ts";
import { numberFormat } from "../i18n/format.ts";

/** The exchange selector offers Gate and Binance only (Houbi and None are hidden). */
export const TRADING_EXCHANGES = ["binance", "gate"] as const;
export type TradingExchange = (typeof TRADING_EXCHANGES)[number];

export const DEFAULT_EXCHANGE: TradingExchange = "binance";

/** A stored exchange the selector does not offer falls back to Binance. */
export const tradingExchange = (exchange: string | null | undefined): TradingExchange =>
  exchange === "gate" ? "gate" : DEFAULT_EXCHANGE;

/**
 * The pair to keep after choosing an exchange: unchanged when the exchange lists it, else btc_usdt
 * (leaving Gate while on MEPAD/NAFT/UNDEAD, or a Binance-only stablecoin pair on Gate).
 */
export const pairOnExchange = (pair: string | null | undefined, exchange: string) =>
  pair && isListedOn(exchange, pair) ? pair : DEFAULT_PAIR;

/** NFT pairs have no feed: their price is typed by hand, with an asset id. */
export const needsTypedPrice = (pair: string) => isNftName(pair);

/** The manual price input: numeric (digits and one point), at most 25 characters. */
export const TYPED_PRICE_MAX = 25;

export const cleanTypedPrice = (text: string) => numericText(text).slice(0, TYPED_PRICE_MAX);

/** A usable typed price: a positive number. */
export const isTypedPrice = (text: string) => /^\d*\.?\d+$|^\d+\.$/.test(text) && Number(text) > 0;

/** The live price as a dollar amount, with the pair's tick decimals: "$67,250.00". */
export function formatDollars(price: string, pair: string): string {
  const places = priceDecimals(pair);
  return numberFormat({
    style: "currency",
    currency: "USD",
    minimumFractionDigits: places,
    maximumFractionDigits: places,
  }).format(Number(price));
}
