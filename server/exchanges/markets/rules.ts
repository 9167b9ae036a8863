// An exchange's trading rules for one pair, read from its own market list (Binance exchangeInfo
// filters, Gate currency_pairs), and the order shaping they impose: amounts rounded down to the
// exchange's step, prices to its tick, and orders under the minimum refused before they are sent.
import { dec, Decimal } from "../../core/decimal.shared.ts";
import { msg } from "../../core/messages.shared.ts";
import { type ExchangeName, findPair, pairFromSymbol } from "../pairs.shared.ts";
import { ExchangeError, type OrderRequest } from "../adapter.ts";

export interface MarketRule {
  exchange: ExchangeName;
  /** Spec pair code, e.g. "btc_usdt". */
  pair: string;
  symbol: string;
  base: string;
  quote: string;
  /** Price step (decimal string). */
  tickSize: string;
  /** Base quantity step (decimal string). */
  stepSize: string;
  /** Smallest base quantity. */
  minQty: string;
  /** Smallest order value in the quote currency. */
  minNotional: string;
  /** Largest base quantity of a market order; absent: none. */
  maxQty?: string;
  /** Largest order value in the quote currency (Gate max_quote_amount); absent: none. */
  maxNotional?: string;
  /** Quote amount step of a Gate market BUY (sized in the quote currency); Binance: none. */
  quoteStep?: string;
  /** The taker fee a market order pays, as a fraction of what it receives (0.001: 0.1%). */
  takerFee: string;
}

/**
 * The taker fees, one place for both exchanges: Binance's regular-tier spot fee (exchangeInfo does
 * not carry it), Gate's when its pair does not say (currency_pairs' `fee`, in percent).
 */
export const TAKER_FEE = { binance: "0.001", gate: "0.002" } as const;

export interface BinanceExchangeInfo {
  symbols: {
    symbol: string;
    status: string;
    baseAsset: string;
    quoteAsset: string;
    filters: Record<string, unknown>[];
  }[];
}

export interface GateCurrencyPair {
  id: string;
  base: string;
  quote: string;
  min_base_amount?: string;
  min_quote_amount?: string;
  max_base_amount?: string;
  max_quote_amount?: string;
  /** Taker fee in percent ("0.2"). */
  fee?: string;
  amount_precision: number;
  precision: number;
  trade_status: string;
}

const filter = (filters: Record<string, unknown>[], type: string) =>
  filters.find((f) => f.filterType === type) as Record<string, string> | undefined;

/** The product's pairs Binance trades, with their filters; symbols not in the spec are skipped. */
export function binanceRules(info: BinanceExchangeInfo): MarketRule[] {
  return info.symbols.flatMap((s) => {
    const pair = pairFromSymbol("binance", s.symbol);
    if (!pair || s.status !== "TRADING") return [];
    const price = filter(s.filters, "PRICE_FILTER");
    const lot = filter(s.filters, "LOT_SIZE");
    const notional = filter(s.filters, "NOTIONAL") ?? filter(s.filters, "MIN_NOTIONAL");
    // A market order must pass both LOT_SIZE and MARKET_LOT_SIZE: the smaller maximum (0: none).
    const maxima = [lot, filter(s.filters, "MARKET_LOT_SIZE")].map((f) => dec(f?.maxQty ?? 0))
      .filter((max) => max.gt(0));
    return [{
      exchange: "binance" as const,
      pair,
      symbol: s.symbol,
      base: s.baseAsset,
      quote: s.quoteAsset,
      tickSize: dec(price?.tickSize ?? "0.00000001").toFixed(),
      stepSize: dec(lot?.stepSize ?? "0.00000001").toFixed(),
      minQty: dec(lot?.minQty ?? "0").toFixed(),
      minNotional: dec(notional?.minNotional ?? "0").toFixed(),
      ...maxima.length ? { maxQty: Decimal.min(...maxima).toFixed() } : {},
      takerFee: TAKER_FEE.binance,
    }];
  });
}

const step = (decimals: number) => dec(10).pow(-decimals).toFixed();

/** The product's pairs Gate trades: precision is the price's decimals, amount_precision the base's. */
export function gateRules(pairs: GateCurrencyPair[]): MarketRule[] {
  return pairs.flatMap((p) => {
    const pair = pairFromSymbol("gate", p.id);
    if (!pair || p.trade_status !== "tradable") return [];
    return [{
      exchange: "gate" as const,
      pair,
      symbol: p.id,
      base: p.base,
      quote: p.quote,
      tickSize: step(p.precision),
      stepSize: step(p.amount_precision),
      minQty: dec(p.min_base_amount || "0").toFixed(),
      minNotional: dec(p.min_quote_amount || "0").toFixed(),
      ...dec(p.max_base_amount || 0).gt(0) ? { maxQty: dec(p.max_base_amount!).toFixed() } : {},
      ...dec(p.max_quote_amount || 0).gt(0)
        ? { maxNotional: dec(p.max_quote_amount!).toFixed() }
        : {},
      quoteStep: step(p.precision),
      takerFee: p.fee ? dec(p.fee).div(100).toFixed() : TAKER_FEE.gate,
    }];
  });
}

/** What goes out: quantities and prices on the exchange's grid. */
export interface ShapedOrder {
  quantity: string;
  price?: string;
  /** A Gate market BUY's amount: what to spend, in the quote currency. */
  quoteAmount?: string;
}

/** Rounded down to the grid (a step of 0: unrounded). */
export const down = (value: Decimal.Value, grid: Decimal.Value) =>
  onGrid(value, grid, Decimal.ROUND_FLOOR);
/** Rounded up to the grid (a step of 0: unrounded). */
export const up = (value: Decimal.Value, grid: Decimal.Value) =>
  onGrid(value, grid, Decimal.ROUND_CEIL);
const nearest = (value: Decimal.Value, grid: string) => onGrid(value, grid, Decimal.ROUND_HALF_UP);

function onGrid(value: Decimal.Value, grid: Decimal.Value, rounding: Decimal.Rounding) {
  const step = dec(grid);
  if (step.isZero()) return dec(value);
  // A step of 10^-k, as nearly every exchange's is: k decimal places, without a division.
  const places = decimalPlaces(step);
  if (places !== undefined) return dec(value).toDecimalPlaces(places, rounding);
  return dec(value).div(step).toDecimalPlaces(0, rounding).mul(step);
}

/** k for a step of 10^-k (k >= 0), undefined for any other step. */
function decimalPlaces(step: Decimal) {
  let places = powersOfTen.get(step);
  if (places === undefined && !powersOfTen.has(step)) {
    const k = step.decimalPlaces();
    places = k >= 0 && step.eq(dec(10).pow(-k)) ? k : undefined;
    powersOfTen.set(step, places);
  }
  return places;
}

const powersOfTen = new WeakMap<Decimal, number | undefined>();

/**
 * Puts an order on the rule's grid, or refuses it (ExchangeError, 400) when it is under the
 * minimum or over the maximum. `price` is the limit price, or for a market order the current price, which estimates
 * its value. A market BUY that names `quoteAmount` spends that (Gate sizes market BUYs in quote).
 */
export function shapeOrder(rule: MarketRule, order: OrderRequest, price: string): ShapedOrder {
  const label = findPair(rule.pair)?.label ?? rule.symbol;
  const names = { exchange: rule.exchange === "binance" ? "Binance" : "Gate", pair: label };
  const below = (minimum: string, asset: string) =>
    new ExchangeError(
      rule.exchange,
      msg("exchange.minimumOrder", { ...names, minimum: `${minimum} ${asset}` }),
      400,
    );
  const above = (maximum: string, asset: string) =>
    new ExchangeError(
      rule.exchange,
      msg("exchange.maximumOrder", { ...names, maximum: `${maximum} ${asset}` }),
      400,
    );
  const checkMaxima = (quantity: Decimal, value: Decimal) => {
    if (rule.maxQty && quantity.gt(rule.maxQty)) throw above(rule.maxQty, rule.base);
    if (rule.maxNotional && value.gt(rule.maxNotional)) throw above(rule.maxNotional, rule.quote);
  };
  const limitPrice = order.type === "limit" ? nearest(price, rule.tickSize) : undefined;
  if (limitPrice && !limitPrice.gt(0)) throw below(rule.tickSize, rule.quote);
  const at = limitPrice ?? dec(price);
  if (rule.quoteStep && order.type === "market" && order.side === "BUY") {
    const spend = order.quoteAmount ?? dec(order.quantity).mul(at);
    const quoteAmount = down(spend, rule.quoteStep);
    if (quoteAmount.lt(rule.minNotional) || !quoteAmount.gt(0)) {
      throw below(Decimal.max(rule.minNotional, rule.quoteStep).toFixed(), rule.quote);
    }
    const quantity = quoteAmount.div(at).toDecimalPlaces(8, Decimal.ROUND_DOWN);
    if (quantity.lt(rule.minQty)) throw below(rule.minQty, rule.base);
    checkMaxima(quantity, quoteAmount);
    return { quantity: quantity.toFixed(), quoteAmount: quoteAmount.toFixed() };
  }
  const quantity = down(order.quantity, rule.stepSize);
  if (quantity.lt(rule.minQty) || !quantity.gt(0)) {
    throw below(Decimal.max(rule.minQty, rule.stepSize).toFixed(), rule.base);
  }
  if (quantity.mul(at).lt(rule.minNotional)) throw below(rule.minNotional, rule.quote);
  checkMaxima(quantity, quantity.mul(at));
  return { quantity: quantity.toFixed(), ...(limitPrice ? { price: limitPrice.toFixed() } : {}) };
}
