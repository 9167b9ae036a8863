// The bot's closing order for one transaction, on the account that opened it, and its record.
//
// On the paper exchange the fill and the DONE status are one statement, so a close either happened
// whole or not at all: a worker killed mid-close, a deadlock victim or a database outage leaves the
// row open with nothing moved, and it can go back to the queue at once. It runs only under the
// worker's own claim, so a worker cut off while a standby engine took its claims over fills
// nothing. A live exchange's order and its record are two writes in two systems; see worker.ts for
// what an unclear answer means there, and engine/claims.ts for a dead engine's claims.
import { and, eq } from "drizzle-orm";
import { botAccountById } from "../bot-keys/accounts.ts";
import { transactions, users } from "../db/schema.ts";
import type { Deps } from "../deps.ts";
import type {
  AccountRef,
  ExchangeAdapter,
  OrderRequest,
  OrderResult,
  PlannedFill,
} from "../exchanges/adapter.ts";
import { kindOf } from "../exchanges/exchanges.ts";
import { placeOrFind } from "../exchanges/in-doubt.ts";
import { dec } from "../core/decimal.shared.ts";
import { findPair } from "../exchanges/pairs.shared.ts";
import { tradingCredentials } from "../keys/credentials.ts";
import { exchangeTitle } from "../exchanges/pairs.shared.ts";
import { msg, type Saying } from "../core/messages.shared.ts";
import { refusalMessage, sayingOf } from "../exchanges/refusals.ts";
import { closeOrderId } from "./record.ts";
import { transactionShape } from "./row-sql.ts";
import { textRows } from "../db/raw-rows.ts";
import type { TransactionRow } from "./view.ts";
import type { MarketExchange } from "../market/feed.shared.ts";
import { feePair, openingFillOf, resultOf } from "./pnl.shared.ts";

/** Failed before anything reached the exchange: the row may go back to the queue. */
export class Refused extends Error {
  /**
   * `quiet`: not the owner's to fix (the database failed); retried on the next tick untold. Its
   * cause is kept for the log (logError withholds a failed query's secret parameters).
   */
  constructor(readonly said: Saying, readonly quiet = false, cause?: unknown) {
    super(said.text, { cause });
  }
}

/** The closed row; null when the row was no longer open in `row.status` (closed meanwhile). */
export async function closeTransaction(
  deps: Pick<
    Deps,
    "clock" | "database" | "db" | "exchanges" | "market" | "orderLookup" | "secretBox"
  >,
  row: TransactionRow,
  side: "BUY" | "SELL",
  price: string,
  /** The owner's row when the caller has it (the bot reads a batch's owners at once). */
  owner?: OwnerRow,
): Promise<TransactionRow | null> {
  const { adapter, account } = await closingAccount(deps, row, owner);
  const order: OrderRequest = {
    pair: row.pair,
    side,
    type: "market",
    ...closingSize(row, side),
    clientOrderId: closeOrderId(row.id),
  };
  if (adapter.inDatabase) {
    return await closeInDatabase(deps, adapter, account, order, row, side, price);
  }
  const result = await placeOrFind(adapter, account, order, deps.orderLookup);
  const [done] = await deps.db.update(transactions).set(doneValues(deps, row, side, result, price))
    .where(stillOpen(row)).returning();
  return done ?? null;
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

/** Whether the paper exchange closes this row (atomically: see the header). */
export function closesInDatabase(deps: Pick<Deps, "exchanges">, row: TransactionRow) {
  try {
    return !!deps.exchanges.adapter(row.exchange, kindOf(row.adapter)).inDatabase;
  } catch {
    return false;
  }
}

/** The adapter and account that close this row; Refused when they cannot be had. */
export async function closingAccount(
  deps: Pick<Deps, "db" | "exchanges" | "secretBox">,
  row: TransactionRow,
  owner?: OwnerRow,
) {
  const exchange = row.exchange as "binance" | "gate";
  let account: AccountRef;
  let adapter: ExchangeAdapter;
  try {
    // A bot key's transaction closes on that key's account (server/bot-keys/trade.ts).
    account = row.botKeyId ? await botAccountById(deps, row.botKeyId) : {
      id: `user:${row.userId}`,
      credentials: await ownerCredentials(deps, row.userId, exchange, owner),
    };
    adapter = deps.exchanges.adapter(exchange, kindOf(row.adapter));
  } catch (err) {
    throw new Refused(sayingOf(err));
  }
  if (!account.credentials) {
    throw new Refused(msg("keys.missing", { exchange: exchangeTitle(exchange) }));
  }
  return { adapter, account };
}

async function closeInDatabase(
  deps: Pick<Deps, "clock" | "database" | "market">,
  adapter: ExchangeAdapter,
  account: AccountRef,
  order: OrderRequest,
  row: TransactionRow,
  side: "BUY" | "SELL",
  price: string,
) {
  let planned: PlannedFill | undefined;
  try {
    planned = await adapter.inDatabase!.plan(account, order, { guarded: true });
    const { fill } = planned;
    let n = fill.params.length;
    const done = doneValues(deps, row, side, planned.result, price);
    // One statement, one round trip. `guard`: only under this worker's own claim (one released
    // meanwhile, a standby engine taking over (engine/claims.ts), and claimed again is another
    // worker's to close); it locks the row before the fill moves any balance, so nobody else's
    // close of it runs meanwhile and the fill is this one's.
    const text = `with "guard" as (select "id" from "transactions" where "id" = $${++n}
        and "status" = $${++n} and "closing_since" = $${++n}::timestamptz for update),
      ${fill.cte}, done as (update "transactions" set "status" = 'DONE',
        "filled_price" = $${++n}::numeric, "filled_at" = $${++n}::timestamptz,
        "close_order_id" = $${++n}, "closing_since" = null, "close_error_at" = null,
        "updated_at" = $${n - 1}::timestamptz, "close_quantity" = $${++n}::numeric,
        "close_fee" = $${++n}::numeric, "close_fee_asset" = $${++n},
        "realized_pnl" = $${++n}::numeric
      from fill where "transactions"."id" = (select "id" from "guard")
      returning ${transactionShape.select})
      select (select count(*) from "guard")::int as "claimed", done.* from (select 1) one
        left join done on true`;
    const params = [
      ...fill.params,
      row.id,
      row.status,
      row.closingSince!.toISOString(),
      done.filledPrice,
      done.filledAt.toISOString(),
      done.closeOrderId,
      done.closeQuantity,
      done.closeFee,
      done.closeFeeAsset,
      done.realizedPnl,
    ];
    const [result] = await textRows<Record<string, unknown>>(deps.database, text, params);
    if (!result.claimed) return null;
    if (result.id == null) throw NOT_FILLED;
    return transactionShape.read(result);
  } catch (err) {
    if (err instanceof Refused) throw err;
    if (err === NOT_FILLED) throw new Refused(refusalMessage(await planned!.refusal()));
    const quiet = !(err instanceof Error && err.name === "ExchangeError");
    // A database failure's own message holds the failed query and its parameters: the log gets
    // it through the cause, redacted.
    if (quiet) throw new Refused({ text: "the database failed" }, true, err);
    throw new Refused(sayingOf(err));
  }
}

const NOT_FILLED = Symbol("not filled");

/**
 * The columns of a row closed by `result`, its closing `side`'s fill (`price` when the exchange
 * gave no fill price), with its result (pnl.ts): null without both fills' prices, for a row whose
 * side was changed by hand, and when a fee's asset has no price on the row's exchange.
 */
export function doneValues(
  deps: Pick<Deps, "clock" | "market">,
  row: TransactionRow,
  side: "BUY" | "SELL",
  result: OrderResult,
  price: string,
) {
  const now = deps.clock.now();
  const open = openingFillOf(row, side === "SELL" ? "BUY" : "SELL");
  const close = result.filledPrice === undefined ? null : {
    side,
    quantity: result.filledQuantity,
    price: result.filledPrice,
    fee: result.fee,
    feeAsset: result.feeAsset,
  };
  const feed = deps.market?.feed(row.exchange as MarketExchange);
  const realizedPnl = open && close && row.priceSource !== "hand_closed"
    ? resultOf(
      row.pair,
      [open, close],
      close.price,
      (asset) => feed?.price(feePair(asset, row.pair)),
    )
    : null;
  return {
    status: "DONE" as const,
    filledPrice: result.filledPrice ?? price,
    filledAt: now,
    closeOrderId: result.orderId,
    closeQuantity: result.filledQuantity,
    closeFee: result.fee ?? null,
    closeFeeAsset: result.feeAsset ?? null,
    realizedPnl,
    closingSince: null,
    closeErrorAt: null,
    updatedAt: now,
  };
}

export function stillOpen(row: TransactionRow) {
  return and(eq(transactions.id, row.id), eq(transactions.status, row.status));
}

export type OwnerRow = typeof users.$inferSelect;

async function ownerCredentials(
  deps: Pick<Deps, "db" | "secretBox">,
  userId: number,
  exchange: "binance" | "gate",
  given?: OwnerRow,
) {
  const owner = given ?? (await deps.db.select().from(users).where(eq(users.id, userId)))[0];
  return (owner && await tradingCredentials(deps, owner, exchange)) ?? undefined;
}
