// The bot's closing order for one transaction, on the account that opened it.
import { eq } from "drizzle-orm";
import { botAccountById } from "../bot-keys/accounts.ts";
import { users } from "../db/schema.ts";
import type { Deps } from "../deps.ts";
import type { AccountRef, OrderResult } from "../exchanges/adapter.ts";
import { kindOf } from "../exchanges/exchanges.ts";
import { tradingCredentials } from "../keys/credentials.ts";
import { missingKeysMessage } from "../keys/schema.ts";
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
  return await adapter.placeOrder(account, {
    pair: row.pair,
    side,
    type: "market",
    quantity: row.quantity,
    clientOrderId: closeOrderId(row.id),
  });
}

async function ownerCredentials(deps: Deps, userId: number, exchange: "binance" | "gate") {
  const [owner] = await deps.db.select().from(users).where(eq(users.id, userId));
  return (owner && await tradingCredentials(deps, owner, exchange)) ?? undefined;
}
