// A row's result in its pair's quote asset, from what the exchange filled (docs/trading.md#results).
//
// One rule for both sides of a round trip: the quote that came in less the quote that went out,
// plus the base the round trip left over (or short) valued at the closing fill's price, less fees
// taken in a third asset (BNB) valued at that asset's price. A fee in the quote or the base asset
// is already in those flows: a BUY's fee in the bought coin is coin that did not arrive, so it is
// neither sold nor left over. With every bought coin sold the result is exactly the cash flow; the
// dust a close leaves by rounding down to the step is valued at the closing price, and for a
// sell_buy that bought back with all its proceeds, the coins gained are the result.
//
// An open row's unrealized result is the same rule over its opening fill alone, valued at the live
// price: what it would make if closed now, before the closing fee. viewJsonSql writes that in SQL
// (pnl.ts unrealizedPnlSql), which must give the same text; the client values a list's open rows
// with it at each pushed price.
import { Decimal } from "decimal.js";
import { findPair } from "../exchanges/pairs.shared.ts";
import { isValuedOpen, type PnlRow } from "./open-trade.shared.ts";

/** Products of two NUMERIC(38, 8) values need up to 76 digits; the global 20 would round them. */
const D = Decimal.clone({ precision: 100 });

export interface Fill {
  side: "BUY" | "SELL";
  /** Base quantity the order traded (before a fee in the base). */
  quantity: string;
  /** Its average price. */
  price: string;
  fee?: string | null;
  feeAsset?: string | null;
}

/** A third asset's price in the pair's quote; undefined when unknown. */
export type FeePrice = (asset: string) => string | undefined;

/** The result rounded as the column keeps it (8 decimals, half away from zero); null when a fee cannot be valued. */
export function resultOf(
  pair: string,
  fills: Fill[],
  valueAt: string,
  feePrice: FeePrice,
): string | null {
  const info = findPair(pair);
  if (!info) return null;
  let quote = new D(0);
  let base = new D(0);
  let other = new D(0);
  for (const fill of fills) {
    const notional = new D(fill.quantity).mul(fill.price);
    quote = fill.side === "BUY" ? quote.minus(notional) : quote.plus(notional);
    base = fill.side === "BUY" ? base.plus(fill.quantity) : base.minus(fill.quantity);
    if (!fill.fee || new D(fill.fee).isZero()) continue;
    if (fill.feeAsset === info.quote) quote = quote.minus(fill.fee);
    else if (fill.feeAsset === info.base) base = base.minus(fill.fee);
    else {
      const price = fill.feeAsset ? feePrice(fill.feeAsset) : undefined;
      if (price === undefined) return null;
      other = other.plus(new D(fill.fee).mul(price));
    }
  }
  return quote.plus(base.mul(valueAt)).minus(other)
    .toDecimalPlaces(8, Decimal.ROUND_HALF_UP).toFixed(8);
}

/** The opening fill a row recorded, when it has one; `side`: the opening order's. */
export function openingFillOf(row: PnlRow, side: "BUY" | "SELL"): Fill | null {
  if (row.filledQuantity === null || row.avgPrice === null) return null;
  return {
    side,
    quantity: row.filledQuantity,
    price: row.avgPrice,
    fee: row.fee,
    feeAsset: row.feeAsset,
  };
}

/**
 * The feeds' latest prices, keyed "<exchange>:<pair>" (e.g. "binance:btc_usdt"): what open rows
 * are valued at. The list hands the same object to PostgreSQL as jsonb.
 */
export type LivePrices = Record<string, string>;

/** The pair that prices a fee's asset in `pair`'s quote, e.g. "bnb_usdt". */
export const feePair = (asset: string, pair: string) =>
  `${asset}_${findPair(pair)?.quote ?? ""}`.toLowerCase();

/**
 * What an open trade would make if closed now at the live price (before the closing fee); null
 * when it is not one (isValuedOpen) or without a price.
 */
export function unrealizedPnl(row: PnlRow, prices: LivePrices | undefined): string | null {
  if (!prices || !isValuedOpen(row)) return null;
  const open = openingFillOf(row, row.status);
  const live = prices[`${row.exchange}:${row.pair}`];
  if (!open || live === undefined) return null;
  return resultOf(
    row.pair,
    [open],
    live,
    (asset) => prices[`${row.exchange}:${feePair(asset, row.pair)}`],
  );
}
