// The pairs the product trades, which exchange lists which, and how each exchange spells them.
// No server-only imports: the web client imports this module for its pair selector.
//
// The product names twelve quote codes (docs/trading.md#pairs). MEPAD/NAFT/UNDEAD are Gate-only,
// which leaves exactly nine for Binance: the "nine pairs" of its bookTicker stream. Gate's ticker
// stream names its own eight (docs/realtime.md#live-prices), so the four Binance stablecoin pairs
// (FDUSD/BUSD/TUSD) are not priced on Gate. A selector lists what the chosen exchange prices, plus
// the two NFT pairs, whose price is typed by hand with an asset id.

export type ExchangeName = "binance" | "gate";

export interface PairInfo {
  /** The spec's code, e.g. "btc_usdt"; the value the client sends. */
  value: string;
  /** What the selector shows, e.g. "BTC/USDT" (NFT pairs: "UB_NFT"). */
  label: string;
  base: string;
  quote: string;
  /** Smallest price step, decimal string. */
  tickSize: string;
  /** Exchange symbols; absent where the exchange does not list the pair. */
  symbols: Partial<Record<ExchangeName, string>>;
  /** Typed price and asset id instead of a live price. */
  nft: boolean;
}

const spot = (base: string, quote: string, tickSize: string, on: ExchangeName[]): PairInfo => ({
  value: `${base}_${quote}`.toLowerCase(),
  label: `${base}/${quote}`,
  base,
  quote,
  tickSize,
  symbols: Object.fromEntries(on.map((x) => [x, x === "gate" ? `${base}_${quote}` : base + quote])),
  nft: false,
});

const nft = (label: string): PairInfo => ({
  value: label.toLowerCase(),
  label,
  base: label,
  quote: "USDT",
  tickSize: "0.00000001",
  symbols: {},
  nft: true,
});

const BOTH: ExchangeName[] = ["binance", "gate"];
const BINANCE: ExchangeName[] = ["binance"];
const GATE: ExchangeName[] = ["gate"];

/** Every pair, in the spec's order; NFT pairs last. */
export const PAIRS: readonly PairInfo[] = [
  spot("BTC", "USDT", "0.01", BOTH),
  spot("ETH", "USDT", "0.01", BOTH),
  spot("BNB", "USDT", "0.01", BOTH),
  spot("BTC", "USD", "0.01", BOTH),
  spot("ETH", "USD", "0.01", BOTH),
  spot("BTC", "FDUSD", "0.01", BINANCE),
  spot("BTC", "BUSD", "0.01", BINANCE),
  spot("BTC", "TUSD", "0.01", BINANCE),
  spot("ETH", "BUSD", "0.01", BINANCE),
  spot("UNDEAD", "USDT", "0.00001", GATE),
  spot("NAFT", "USDT", "0.0000001", GATE),
  spot("MEPAD", "USDT", "0.000001", GATE),
  nft("UB_NFT"),
  nft("MA_NFT"),
];

export const DEFAULT_PAIR = "btc_usdt";

const byValue = new Map(PAIRS.map((p) => [p.value, p]));

export const findPair = (value: string): PairInfo | undefined => byValue.get(value);

/** docs/trading.md#nft-pairs: upper-cased, ends with _NFT; empty or missing input is false. */
export function isNftName(text: string | null | undefined): boolean {
  return !!text && text.toUpperCase().endsWith("_NFT");
}

/** "gate" or anything else (binance, houbi, none: the Gate-only pairs are hidden there). */
const listingOf = (exchange: string): ExchangeName => exchange === "gate" ? "gate" : "binance";

/** Pairs the exchange's feed prices. */
export function feedPairs(exchange: ExchangeName): string[] {
  return PAIRS.filter((p) => p.symbols[exchange]).map((p) => p.value);
}

/** Whether a selector for the exchange offers the pair: a priced one there, or an NFT pair. */
export const isOfferedOn = (exchange: string, pair: PairInfo) =>
  pair.nft || !!pair.symbols[listingOf(exchange)];

/** Pairs a selector offers for the exchange: the priced ones, then the NFT pairs. */
export function pairsFor(exchange: string): PairInfo[] {
  return PAIRS.filter((p) => isOfferedOn(exchange, p));
}

/** Selector entries for GET /Summaries/list-price-support. */
export const pairOptions = (exchange: string) =>
  pairsFor(exchange).map(({ label, value }) => ({ label, value }));

export const isListedOn = (exchange: string, pair: string) => {
  const info = findPair(pair);
  return !!info && isOfferedOn(exchange, info);
};

export const exchangeSymbol = (exchange: ExchangeName, pair: string) =>
  byValue.get(pair)?.symbols[exchange];

const bySymbol = new Map(
  PAIRS.flatMap((p) => Object.entries(p.symbols).map(([x, s]) => [`${x}:${s}`, p.value])),
);

/** "BTCUSDT" on binance or "BTC_USDT" on gate back to "btc_usdt". */
export const pairFromSymbol = (exchange: ExchangeName, symbol: string) =>
  bySymbol.get(`${exchange}:${symbol.toUpperCase()}`);

/** Decimal places of the pair's tick, e.g. 2 for "0.01". */
export function priceDecimals(pair: string): number {
  const tick = byValue.get(pair)?.tickSize ?? "0.00000001";
  return tick.includes(".") ? tick.split(".")[1].length : 0;
}

/** "binance" -> "Binance", as the missing-keys message spells it. */
export const exchangeTitle = (exchange: string) =>
  exchange.charAt(0).toUpperCase() + exchange.slice(1);
