// An open row's result if closed now, valued at the price pushed for the selected exchange with the
// server's own rule (pnl.shared.ts): a list fetched a minute ago showed the result at that minute's
// price beside the Open positions panel's live one. Pure: tested under Deno.
import type { Snapshot } from "valtio";
import { feePair, unrealizedPnl } from "../../../server/transactions/pnl.shared.ts";
import type { TransactionView } from "./api.ts";

/**
 * The row's result at `prices` (the selected exchange's, pair to price); the server's figure for a
 * row on another exchange, before its pair's price arrives, or when a fee's asset has no price.
 */
export function liveUnrealized(
  tx: Snapshot<TransactionView>,
  exchange: string,
  prices: Readonly<Record<string, string>>,
): string | null {
  if (tx.exchange !== exchange || prices[tx.pair] === undefined) return tx.unrealizedPnl;
  const live: Record<string, string> = { [`${exchange}:${tx.pair}`]: prices[tx.pair] };
  if (tx.feeAsset) {
    const pair = feePair(tx.feeAsset, tx.pair);
    if (prices[pair] !== undefined) live[`${exchange}:${pair}`] = prices[pair];
  }
  return unrealizedPnl(tx, live) ?? tx.unrealizedPnl;
}
