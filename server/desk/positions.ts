// GET /desk/positions: the caller's open trades, newest first, each with the live price and what
// it would make if closed now (pnl.ts, the transaction list's rule), and its target.
import { and, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { dec, Decimal, type DecimalInput } from "../core/decimal.shared.ts";
import { transactions as t } from "../db/schema.ts";
import type { Deps } from "../deps.ts";
import type { MarketExchange } from "../market/feed.shared.ts";
import { kindOf } from "../exchanges/exchanges.ts";
import { down } from "../exchanges/markets/rules.ts";
import { closingSize } from "../transactions/close-order.ts";
import { livePrices } from "../transactions/pnl.ts";
import { type LivePrices, unrealizedPnl } from "../transactions/pnl.shared.ts";
import type { TransactionRow } from "../transactions/view.ts";
import { openingSide, openPriceOf, openQuantityOf, targetOf } from "./rows.ts";
import {
  DESK_POSITIONS_MAX,
  type DeskPositionsAnswer,
  type DeskPositionsQuery,
  type Position,
} from "./schema.shared.ts";

/** The rows of one user that are open positions, narrowed by the query. */
export function openRowsOf(userId: number, q: DeskPositionsQuery = {}): SQL | undefined {
  return and(
    eq(t.userId, userId),
    inArray(t.status, ["BUY", "SELL"]),
    eq(t.kind, "trade"),
    q.exchange ? sql`${t.exchange}::text = ${q.exchange}` : undefined,
    q.pair ? eq(t.pair, q.pair) : undefined,
  );
}

/** The newest open rows, as deskPositions reads them (its plan is tested with many rows). */
export const positionRowsQuery = (
  deps: Pick<Deps, "db">,
  userId: number,
  q: DeskPositionsQuery,
) =>
  deps.db.select().from(t).where(openRowsOf(userId, q)).orderBy(desc(t.createdAt), desc(t.id))
    .limit(DESK_POSITIONS_MAX);

export async function deskPositions(
  deps: Pick<Deps, "db" | "market" | "exchanges">,
  userId: number,
  q: DeskPositionsQuery,
): Promise<DeskPositionsAnswer> {
  const [rows, [{ total }]] = await Promise.all([
    positionRowsQuery(deps, userId, q),
    deps.db.select({ total: count() }).from(t).where(openRowsOf(userId, q)),
  ]);
  const prices = livePrices(deps.market);
  const items = await Promise.all(
    rows.map(async (row) => toPosition(row, prices, await closeQuantityOf(deps, row))),
  );
  return { items, totalItems: total };
}

/**
 * What "close now" trades (close-now.ts): a BUY sells what its order brought in, less a fee taken
 * in the base, on the exchange's lot step (the rest stays as dust); a SELL buys back its quantity.
 * The confirmation names it, so the trader is asked about the order that goes out.
 */
async function closeQuantityOf(deps: Pick<Deps, "exchanges">, row: TransactionRow) {
  if (openingSide(row) !== "BUY") return closingSize(row, "BUY").quantity;
  const { quantity } = closingSize(row, "SELL");
  // Rows recorded on no exchange we trade (none, houbi) have no market and no Close now.
  if (row.exchange !== "binance" && row.exchange !== "gate") return quantity;
  // The live rules, as the close reads them; an exchange that cannot be asked for them leaves the
  // read with the quantity before the step, not without an answer.
  const rule = await deps.exchanges.markets(kindOf(row.adapter))
    .rule(row.exchange, row.pair).catch(() => undefined);
  return rule ? down(quantity, rule.stepSize).toFixed() : quantity;
}

/** Percent of what the position cost, 2 decimals; null without a result or a cost. */
export function percentOf(result: string | null, cost: DecimalInput) {
  if (result === null || dec(cost).isZero()) return null;
  return dec(result).div(cost).mul(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}

export function toPosition(
  row: TransactionRow,
  prices: LivePrices,
  closeQuantity: string,
): Position {
  const openPrice = openPriceOf(row);
  const quantity = openQuantityOf(row);
  const pnl = unrealizedPnl(row, prices);
  return {
    id: row.id,
    pair: row.pair,
    exchange: row.exchange,
    side: openingSide(row),
    useBot: row.useBot,
    openPrice,
    quantity,
    closeQuantity,
    amount: row.amount,
    fee: row.fee ?? "0",
    feeAsset: row.feeAsset,
    currentPrice: prices[`${row.exchange as MarketExchange}:${row.pair}`] ?? null,
    unrealizedPnl: pnl,
    unrealizedPct: percentOf(pnl, dec(quantity).mul(openPrice)),
    target: targetOf(row),
    openedAt: (row.openedAt ?? row.createdAt).getTime(),
    orderState: row.orderState,
  };
}
