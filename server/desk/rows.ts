// What the desk reads off a transaction row: the side its position opened on, its target, its fees
// in the quote asset. Shared by the positions, the closed trades, the chart and today's figures.
import { type AnyColumn, sql } from "drizzle-orm";
import { transactions as t } from "../db/schema.ts";
import type { LivePrices } from "../transactions/pnl.shared.ts";
import { targetField } from "../transactions/pricing.shared.ts";
import type { TransactionRow } from "../transactions/view.ts";

export type Side = "BUY" | "SELL";

/**
 * The side a row's position opened on. An open row's is its status; a closed row keeps its mode
 * (the mode of the position it opened, pricing.positionMode), which says it. A row closed by hand
 * in mode none no longer tells: it is taken as a BUY.
 */
export function openingSide(row: Pick<TransactionRow, "status" | "useBot">): Side {
  if (row.status !== "DONE") return row.status;
  return row.useBot === "sell_buy" || row.useBot === "only_sell" ? "SELL" : "BUY";
}

/** The price the bot closes an open row at, when its mode keeps one. */
export function targetOf(
  row: Pick<TransactionRow, "status" | "useBot" | "sellPrice" | "buyPrice">,
): string | null {
  if (row.status === "DONE") return null;
  const field = targetField(row.useBot, row.status);
  return field ? row[field] : null;
}

/** The price a row's position opened at: its fill, else what was recorded for its side. */
export const openPriceOf = (row: TransactionRow) =>
  row.avgPrice ?? (openingSide(row) === "BUY" ? row.buyPrice : row.sellPrice);

/** The base quantity its position opened with: its fill, else what was recorded. */
export const openQuantityOf = (row: TransactionRow) => row.filledQuantity ?? row.quantity;

/**
 * Both fills' fees in the row's quote asset, as a PostgreSQL expression: a fee in the quote as it
 * is, one in the base at its own fill's price, one in a third asset (BNB) at that asset's live
 * price in `prices` (LivePrices jsonb, as pnl.ts values it). Null when a third asset has no price.
 */
export function feesInQuote(prices: LivePrices) {
  const base = sql`upper(split_part(${t.pair}, '_', 1))`;
  const quote = sql`upper(split_part(${t.pair}, '_', 2))`;
  const live = sql`${JSON.stringify(prices)}::jsonb`;
  const valued = (fee: AnyColumn, asset: AnyColumn, price: AnyColumn) =>
    sql`(case when coalesce(${fee}, 0) = 0 then 0
      when ${asset} = ${quote} then ${fee}
      when ${asset} = ${base} then ${fee} * ${price}
      else ${fee} * (${live} ->> lower(${t.exchange} || ':' || ${asset} || '_' || ${quote}))::numeric
      end)`;
  return sql`round(${valued(t.fee, t.feeAsset, t.avgPrice)}
    + ${valued(t.closeFee, t.closeFeeAsset, t.filledPrice)}, 8)`;
}
