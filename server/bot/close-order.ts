// The bot's closing order for one transaction, on the account that opened it.
import { eq } from "drizzle-orm";
import { botAccountById } from "../bot-keys/accounts.ts";
import { users } from "../db/schema.ts";
import type { Deps } from "../deps.ts";
import type { AccountRef, OrderResult } from "../exchanges/adapter.ts";
import { kindOf } from "../exchanges/exchanges.ts";
import { placeOrFind } from "../exchanges/in-doubt.ts";
import { dec } from "../core/decimal.ts";
import { tradingCredentials } from "../keys/credentials.ts";
import { missingKeysMessage } from "../keys/schema.ts";
import { findPair } from "../market/pairs.ts";
import { closeOrderId } from "../transactions/record.ts";
import type { TransactionRow } from "../transactions/view.ts";

/** Failed before anything reached the exchange. */
export class Refused extends Error {}

export async function placeClose(
  deps: Deps,
  row: TransactionRow,
  side: "BUY" | "SELL",
): Promise<OrderResult> {
  const exchange = row.exchange as "binance" | "gate";
  let account: AccountRef;
  let adapter;
  try {
    // A bot key's transaction closes on that key's account (server/bot-keys/trade.ts).
    account = row.botKeyId ? await botAccountById(deps, row.botKeyId) : {
      id: `user:${row.userId}`,
      credentials: await ownerCredentials(deps, row.userId, exchange),
    };
    adapter = deps.exchanges.adapter(exchange, kindOf(row.adapter));
  } catch (err) {
    throw new Refused(err instanceof Error ? err.message : String(err));
  }
  if (!account.credentials) throw new Refused(missingKeysMessage(exchange));
  return await placeOrFind(adapter, account, {
    pair: row.pair,
    side,
    type: "market",
    ...closingSize(row, side),
    clientOrderId: closeOrderId(row.id),
  }, deps.orderLookup);
}

/**
 * What the closing order trades: what the opening one actually brought in. Selling what a BUY
 * received (its fill less a fee taken in the bought asset); buying back with what a SELL received
 * (its proceeds less a fee taken in the quote). Rows opened without an order keep their quantity.
 */
export function closingSize(row: TransactionRow, side: "BUY" | "SELL") {
  const filled = row.filledQuantity ?? row.quantity;
  const base = findPair(row.pair)?.base;
  if (side === "SELL") {
    const fee = row.feeAsset === base ? dec(row.fee ?? 0) : dec(0);
    return { quantity: dec(filled).minus(fee).toFixed() };
  }
  if (!row.avgPrice) return { quantity: filled };
  const fee = row.feeAsset && row.feeAsset !== base ? dec(row.fee ?? 0) : dec(0);
  return { quantity: filled, quoteAmount: dec(filled).mul(row.avgPrice).minus(fee).toFixed() };
}

async function ownerCredentials(deps: Deps, userId: number, exchange: "binance" | "gate") {
  const [owner] = await deps.db.select().from(users).where(eq(users.id, userId));
  return (owner && await tradingCredentials(deps, owner, exchange)) ?? undefined;
}
