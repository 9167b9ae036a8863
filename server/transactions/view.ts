// What the API tells about a transaction. Money stays a decimal string; no secret is in a row.
// The fields are listed once: toTransactionView builds the view from a row in JS, and viewJsonSql
// has PostgreSQL build the same JSON (the list sends it on without parsing it).
import type { MessageCode, MessageParams } from "../core/messages.shared.ts";
import type { transactions } from "../db/schema.ts";
import { unrealizedPnlSql } from "./pnl.ts";
import { type LivePrices, unrealizedPnl } from "./pnl.shared.ts";
import { transactionShape } from "./row-sql.ts";
import { blankOf } from "../core/fixed-shape.ts";

export type TransactionRow = typeof transactions.$inferSelect;

/** Shown as they are (money is NUMERIC, so a decimal string). */
const PLAIN = [
  "id",
  "userId",
  "status",
  "pair",
  "exchange",
  "adapter",
  "useBot",
  "marketPrice",
  "buyPrice",
  "sellPrice",
  "amount",
  "quantity",
  "spread",
  "assetId",
  "callId",
  /** The bot key whose account placed it (multi-account trading); null for the user's own. */
  "botKeyId",
  "orderId",
  "closeOrderId",
  "filledPrice",
  /** The opening order's fill: quantity, average price, fee and the fee's asset. */
  "filledQuantity",
  "avgPrice",
  "fee",
  "feeAsset",
  /** The closing order's fill: base quantity, fee and its asset (its average price: filledPrice). */
  "closeQuantity",
  "closeFee",
  "closeFeeAsset",
  /** Quote asset, set when the row closed with a fill (pnl.ts); null otherwise. */
  "realizedPnl",
  /** "trade", or "missed_call": a call's would-be row, never a trade. */
  "kind",
  /** Whether profit counts it: "server" prices only (server/db/enums.shared.ts PRICE_SOURCES). */
  "priceSource",
  /** Null for a trade; "pending" / "refused" / "unknown" for an order nobody confirmed (resolver.ts). */
  "orderState",
  "orderNote",
] as const satisfies readonly (keyof TransactionRow)[];

/** Shown as ISO 8601 text in UTC with milliseconds, as Date.prototype.toISOString writes it. */
const TIMES = ["openedAt", "filledAt", "createdAt", "updatedAt"] as const satisfies readonly (
  keyof TransactionRow
)[];

type Times = {
  [K in (typeof TIMES)[number]]: null extends TransactionRow[K] ? string | null : string;
};

export type TransactionView =
  & {
    username: string;
    /** An open trade's result if closed now at the live price (pnl.ts); null when not known. */
    unrealizedPnl: string | null;
  }
  & Pick<TransactionRow, (typeof PLAIN)[number]>
  & Times;

const blankView = blankOf(["username", ...PLAIN, ...TIMES, "unrealizedPnl"]);

/** `prices`: the feeds' latest, for an open row's unrealizedPnl (null without them). */
export function toTransactionView(
  t: TransactionRow,
  username: string,
  prices?: LivePrices,
): TransactionView {
  const view = blankView();
  view.username = username;
  for (const key of PLAIN) view[key] = t[key];
  for (const key of TIMES) view[key] = t[key]?.toISOString() ?? null;
  view.unrealizedPnl = unrealizedPnl(t, prices);
  return view as TransactionView;
}

const columnOf = new Map(transactionShape.columns.map((c) => [c.key, c]));

/**
 * The view as a PostgreSQL json expression over the "transactions" row, the owner's username and
 * `prices` (a jsonb expression of LivePrices), exactly what
 * JSON.stringify(toTransactionView(row, username, prices)) holds.
 */
export function viewJsonSql(username: string, prices: string) {
  const field = (key: keyof TransactionRow) => {
    const { name, type } = columnOf.get(key)!;
    const column = `"transactions"."${name}"`;
    if ((TIMES as readonly string[]).includes(key)) {
      return `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    }
    // NUMERIC would be a JSON number; money stays text.
    return type.startsWith("numeric") ? `${column}::text` : column;
  };
  const pairs = [...PLAIN, ...TIMES].map((key) => `'${key}', ${field(key)}`);
  return `json_build_object('username', ${username}, ${pairs.join(", ")},
    'unrealizedPnl', ${unrealizedPnlSql(prices)})`;
}

/** A failed bot order, sent to its owner as BUY_ERROR or SELL_ERROR. */
export interface TradeError {
  action: "BUY" | "SELL";
  transactionId: number;
  message: string;
  /** The message coded, where the client can word it in the user's language. */
  code?: MessageCode;
  params?: MessageParams;
}

// The answers built elsewhere in this area, read by the client from here.
export type { TransactionList } from "./list.ts";
export type { CreateResult } from "./create.ts";
export type { CoinFunds } from "./coin-funds.ts";
