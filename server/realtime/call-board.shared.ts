// A call board's line and totals as the socket's `call-board` message carries them (the board
// itself: server/calls/board.shared.ts, which re-exports these). Here, beside the protocol, so the
// realtime area reads them without importing the calls area above it. No server-only imports.
import { z } from "zod";
import { DELIVERIES, RECIPIENT_STATES } from "../db/enums.shared.ts";

const amount = z.string();
const ms = z.number().int();

/** A coded message (server/core/messages.shared.ts): the client words it in the viewer's language. */
export const callReasonSchema = z.object({
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type CallReason = z.infer<typeof callReasonSchema>;

/** One recipient's line on the board. */
export const boardRecipientSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  state: z.enum(RECIPIENT_STATES),
  delivery: z.enum(DELIVERIES),
  seenAt: ms.nullable(),
  /** traded: from the call to their order (the row's creation), ms. */
  reactionMs: ms.nullable(),
  side: z.enum(["BUY", "SELL"]).nullable(),
  /** traded: the opening fill's average price (null while the exchange has not said). */
  fillPrice: amount.nullable(),
  /** traded: quote spent or received by the opening orders in the call. */
  amount: amount.nullable(),
  /** traded: base quantity filled. */
  quantity: amount.nullable(),
  /** traded: the first order's row (transactions.id); missed: the missed-call row. */
  transactionId: z.number().int().nullable(),
  /** refused: why (halts.*, limits.*, calls.exchangeRefused). */
  reason: callReasonSchema.nullable(),
  /** Sum of the closed rows' realizedPnl that profit counts (server/reports/books.ts). */
  realizedPnl: amount.nullable(),
  /** The open rows' result at the live price; null when none is open or no price is known. */
  unrealizedPnl: amount.nullable(),
  /** missed: what the missed-call row would have made at its targets, never profit. */
  missedWouldBe: amount.nullable(),
});
export type BoardRecipient = z.infer<typeof boardRecipientSchema>;

/** `followed`: recipients who traded (a count here; a share in history and figures). */
export const boardTotalsSchema = z.object({
  recipients: z.number().int(),
  followed: z.number().int(),
  filledAmount: amount,
  realizedPnl: amount,
  unrealizedPnl: amount,
  missedWouldBe: amount,
});
export type BoardTotals = z.infer<typeof boardTotalsSchema>;

/**
 * The socket's `call-board` message: a recipient's line changed (sent to the caller and Admins).
 * `totals` are the board's totals after the change.
 */
export const callBoardEventSchema = z.object({
  type: z.literal("call-board"),
  callId: z.string(),
  recipient: boardRecipientSchema,
  totals: boardTotalsSchema,
});
export type CallBoardEvent = z.infer<typeof callBoardEventSchema>;
