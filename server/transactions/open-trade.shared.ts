// Whether a row has a result if closed now, apart from the rule that values it (pnl.shared.ts):
// a transaction list asks this of every row on its first paint, and the rule brings decimal.js
// (12 KB compressed), loaded after the first paint.
import type { transactions } from "../db/schema.ts";

/** The columns a row's results are computed from. */
export type PnlRow = Pick<
  typeof transactions.$inferSelect,
  | "status"
  | "pair"
  | "exchange"
  | "kind"
  | "priceSource"
  | "orderState"
  | "filledQuantity"
  | "avgPrice"
  | "fee"
  | "feeAsset"
>;

/**
 * Whether a row is an open trade with a result if closed now: not closed, confirmed (not an order
 * nobody confirmed), not a missed call, its side not changed by hand (its opening fill would no
 * longer be its side), and filled.
 */
export function isValuedOpen(row: PnlRow): row is PnlRow & { status: "BUY" | "SELL" } {
  return row.status !== "DONE" && row.orderState === null && row.kind === "trade" &&
    row.priceSource !== "hand_closed" && row.filledQuantity !== null && row.avgPrice !== null;
}
