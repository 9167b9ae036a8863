// The bot's closing order for one transaction, on the account that opened it, and its record.
// On the paper exchange the fill and the record are one database transaction: a worker that dies
// between them leaves neither, so its claim can be released and the row closed again
// (engine/claims.ts) without filling twice.
import { eq } from "drizzle-orm";
import { botAccountById } from "../bot-keys/accounts.ts";
import { users } from "../db/schema.ts";
import type { Db } from "../db/client.ts";
import { executeRows, textQuery } from "../db/raw-rows.ts";
import type { Deps } from "../deps.ts";
import type { AccountRef, OrderRequest, OrderResult, PlannedFill } from "../exchanges/adapter.ts";
import { kindOf } from "../exchanges/exchanges.ts";
import { tradingCredentials } from "../keys/credentials.ts";
import { missingKeysMessage } from "../keys/schema.ts";
import { closeOrderId } from "../transactions/record.ts";
import type { TransactionRow } from "../transactions/view.ts";

/** Failed before anything reached the exchange. */
export class Refused extends Error {}

/** Writes the close once the order filled; undefined when the row was no longer this claim's. */
export type RecordClose = (db: Db, result: OrderResult) => Promise<TransactionRow | undefined>;

/** Places the closing order and records it; undefined when `record` found nothing to record. */
export async function placeClose(
  deps: Deps,
  row: TransactionRow,
  side: "BUY" | "SELL",
  record: RecordClose,
): Promise<TransactionRow | undefined> {
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
  const order: OrderRequest = {
    pair: row.pair,
    side,
    type: "market",
    quantity: row.quantity,
    clientOrderId: closeOrderId(row.id),
  };
  if (adapter.inDatabase) {
    return await fillAndRecord(deps, await adapter.inDatabase.plan(account, order), record);
  }
  return await record(deps.db, await adapter.placeOrder(account, order));
}

const NOT_FILLED = Symbol("not filled");

async function fillAndRecord(deps: Deps, planned: PlannedFill, record: RecordClose) {
  const { cte, params } = planned.fill;
  try {
    return await deps.db.transaction(async (tx) => {
      // The record first: it locks the row, so a second worker's close of it waits, then records
      // nothing and fills nothing.
      const done = await record(tx as unknown as Db, planned.result);
      if (!done) return undefined;
      const [{ filled }] = await executeRows<{ filled: number }>(
        tx as unknown as Db,
        textQuery(`with ${cte} select count(*)::int as "filled" from fill`, params),
      );
      if (!filled) throw NOT_FILLED;
      return done;
    });
  } catch (err) {
    // Asked only after the rollback: PGlite has one connection, which the transaction held.
    if (err === NOT_FILLED) throw await planned.refusal();
    throw err;
  }
}

async function ownerCredentials(deps: Deps, userId: number, exchange: "binance" | "gate") {
  const [owner] = await deps.db.select().from(users).where(eq(users.id, userId));
  return (owner && await tradingCredentials(deps, owner, exchange)) ?? undefined;
}
