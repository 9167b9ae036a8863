// An exchange adapter places orders and reads balances for one account (a user's or a bot key's).
// Implementations: paper (fills at the feed's price, balances in the database), binance (signed
// REST, HMAC-SHA256), gate (signed REST v4, HMAC-SHA512).
import type { CodedMessage } from "../core/messages.shared.ts";
import type { CandleInterval } from "./candle-intervals.shared.ts";

export type Side = "BUY" | "SELL";

export interface Credentials {
  key: string;
  secret: string;
}

export interface OrderRequest {
  /** Spec pair code, e.g. "btc_usdt". */
  pair: string;
  side: Side;
  type: "market" | "limit";
  /** Base-asset quantity, decimal string. */
  quantity: string;
  /** Limit price, decimal string; required for limit orders. */
  price?: string;
  /** A market BUY may name what to spend (quote currency) instead: Gate sizes market BUYs so. */
  quoteAmount?: string;
  /** Idempotency: the exchange's client order id. */
  clientOrderId: string;
}

export interface OrderResult {
  orderId: string;
  status: "filled" | "open" | "cancelled";
  /** Average fill price (decimal string) when filled. */
  filledPrice?: string;
  filledQuantity: string;
  /** Commission taken, and in which asset (a BUY's fee in the bought asset lowers what arrives). */
  fee?: string;
  feeAsset?: string;
}

export interface Balance {
  asset: string;
  /** Binance "free" / Gate "available". */
  free: string;
  locked: string;
}

export interface ExchangeAdapter {
  readonly name: "paper" | "binance" | "gate";
  placeOrder(account: AccountRef, order: OrderRequest): Promise<OrderResult>;
  balances(account: AccountRef): Promise<Balance[]>;
  /** The order with our client order id, or null when the exchange has none (it was not placed). */
  findOrder(account: AccountRef, pair: string, clientOrderId: string): Promise<OrderResult | null>;
  /** Present when orders are rows in our own database (paper): see DatabaseOrders. */
  readonly inDatabase?: DatabaseOrders;
}

/**
 * An order as SQL, for the caller to run in the statement that records it, so the fill and its
 * record are one atomic write: a data-modifying WITH list (`cte`) that defines `fill`, one row
 * when the order filled and none when it was refused, with parameters $1..$n (n = params.length).
 */
export interface FillSql {
  cte: string;
  params: unknown[];
}

/** An order's fill as the columns of one row of the relation DatabaseOrders.fillMany reads. */
export const FILL_COLUMNS = {
  fill_account: "text",
  fill_paid_asset: "text",
  fill_paid: "numeric",
  fill_received_asset: "text",
  /** What the account is credited: what the order bought, less the fee. */
  fill_received: "numeric",
  /** The fee taken from what the order bought, in fill_received_asset. */
  fill_fee: "numeric",
  fill_client_order_id: "text",
  fill_pair: "text",
  fill_side: "text",
  fill_quantity: "numeric",
  fill_price: "numeric",
} as const;

export type FillRow = Record<keyof typeof FILL_COLUMNS, string>;

export interface DatabaseOrders {
  /**
   * Checks and prices the order: its SQL and the result it has once that SQL filled it.
   * `guarded`: it fills only if the caller's CTE `guard`, placed before `cte`, has a row (the bot's
   * close: only under its own claim).
   */
  plan(
    account: AccountRef,
    order: OrderRequest,
    opts?: { guarded?: boolean },
  ): Promise<PlannedFill>;
  /**
   * The fill of many orders in one statement (server/transactions/fill-batches.ts): a WITH list
   * defining `fill`, one row (with `idx` and the FILL_COLUMNS) per order of `source` that filled,
   * where `source` is a relation with `idx` and the FILL_COLUMNS and an order is tried only where
   * `when`, SQL over its row `f`, holds. An account's orders may share `source` when none of them
   * pays an asset another receives; those paying one asset fill all together or none (paper.ts).
   */
  fillMany(source: string, when: string): string;
}

export interface PlannedFill {
  fill: FillSql;
  /** The same order as a row for fillMany. */
  row: FillRow;
  result: OrderResult;
  /** Why the fill wrote nothing, when it did not. */
  refusal(): Promise<ExchangeError>;
}

/** A bar of an exchange's public candle history: open time (epoch ms), prices as it sent them. */
export interface HistoryBar {
  t: number;
  o: string;
  h: string;
  l: string;
  c: string;
}

/** An exchange's public candle history (no keys, no signature). */
export interface CandleHistory {
  /**
   * The bars opening in [fromMs, toMs], oldest first, at most 1000; none for a pair the exchange
   * does not list. Both exchanges name the intervals as the chart does (1m, 5m, 15m, 1h, 1d).
   */
  bars(pair: string, interval: CandleInterval, fromMs: number, toMs: number): Promise<HistoryBar[]>;
}

/** Whose account: paper accounts are keyed by this id; live ones need credentials. */
export interface AccountRef {
  /** "user:<id>" or "bot:<id>". */
  id: string;
  credentials?: Credentials;
}

/**
 * Exchange failures carry a message fit to show the user: coded (server/core/messages.shared.ts) when we
 * word it, or the exchange's own text, which exchanges/refusals.ts codes by the exchange's label.
 */
export class ExchangeError extends Error {
  override name = "ExchangeError";
  readonly coded?: CodedMessage;
  constructor(
    readonly exchange: string,
    message: string | CodedMessage,
    readonly status?: number,
    /** The exchange's own error code or label, when it sent one. */
    readonly code?: string,
  ) {
    super(typeof message === "string" ? message : message.text);
    if (typeof message !== "string") this.coded = message;
  }
}

/**
 * No clear answer (unreachable, timed out, 5xx): the order may or may not exist, so it is looked
 * up by its client order id before anything else is decided.
 */
export const isInDoubt = (err: unknown) =>
  err instanceof ExchangeError && err.exchange !== "paper" &&
  (err.status === undefined || err.status >= 500);
