// The realtime protocol: every message over /api/socket, both ways, as one union typed by `type`.
// The hub and the web client both import this module, so it holds no server-only imports.
// Calls are sent over REST (POST /api/calls, GET /api/calls/active), not as socket frames: the
// route checks the role like every other, answers 400/403 with a message, and records the call
// before any receiver hears of it.
import type { MessageCode, MessageParams } from "../core/messages.shared.ts";
import type { MarketExchange } from "../market/feed.shared.ts";
import type { CallBoardEvent } from "./call-board.shared.ts";

/** A call as receivers see it. Times are epoch milliseconds. */
export interface CallInfo {
  id: string;
  from: string;
  fromUserId: number;
  group: string;
  target: string;
  count: number;
  createdAt: number;
  expiresAt: number;
}

/** Enough for a client to know its lists are stale; it reloads them. */
export interface TransactionRef {
  id: number;
  userId: number;
  status: string;
  pair: string;
  /** "pending" while its order waits for the exchange's answer; null once a trade. */
  orderState: string | null;
}

/** A failed bot order: the dialog's title is the action and the transaction id. */
export interface TradeErrorBody {
  action: "BUY" | "SELL";
  transactionId: number;
  message: string;
  /** The message coded (server/core/messages.shared.ts), for the client to word. */
  code?: MessageCode;
  params?: MessageParams;
}

export type ServerMessage =
  | { type: "call"; call: CallInfo }
  | { type: "receive-active-buy"; userId: number; username: string; active: boolean }
  | { type: "transaction-changed"; transaction: TransactionRef }
  | { type: "logout"; reason: string; code: SocketReason }
  | ({ type: "BUY_ERROR" } & TradeErrorBody)
  | ({ type: "SELL_ERROR" } & TradeErrorBody)
  | PriceMessage
  /** A halt was set or released: clients read GET /trading-halts again. */
  | { type: "trading-halts-changed" }
  /** A balance drift appeared, cleared or was acknowledged: Admins read GET /reconciliation again. */
  | { type: "reconciliation-changed" }
  | { type: "joined"; group: string; exchange: MarketExchange }
  /** A recipient's line on a call's board changed: to the caller and Admins (GET /calls/:id). */
  | CallBoardEvent;

/** Latest prices of the pairs that moved on one exchange; each pair at most once a second. */
export interface PriceMessage {
  type: "price";
  exchange: MarketExchange;
  prices: Record<string, string>;
  at: number;
  /**
   * Snapshots for the bus: when each price arrived at its feed (epoch ms), so an api-only instance
   * ages a silent pair's price as its source does (docs/trading.md#stale-prices).
   */
  pricedAt?: Record<string, number>;
}

/** Why the server closes a socket: a message code (server/core/messages.shared.ts). */
export type SocketReason = Extract<MessageCode, `socket.${string}`>;

/** Close codes the client acts on: after LOGOUT it must not reconnect. */
export const CLOSE = {
  LOGOUT: 4001,
  SLOW: 4008,
  TOO_BIG: 1009,
  /** RFC 6455's code for a data type the endpoint does not take: here, any binary frame. */
  UNSUPPORTED: 1003,
  GOING_AWAY: 1001,
} as const;

/** Largest client frame the hub reads; bigger ones close the socket. */
export const MAX_CLIENT_FRAME = 4096;
