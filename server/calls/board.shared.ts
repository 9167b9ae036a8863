// The call board, call history, per-person call figures and profit series: the answers of
// GET /calls/:id, GET /calls, GET /calls/figures, GET /profits/series and the socket's call-board
// event, as zod schemas the server checks its answers with and the client imports (no server-only
// imports here). Amounts are decimal strings in the quote asset; times epoch milliseconds.
import { z } from "zod";
import { epochMsField, idParam, pageShape } from "../core/input-rules.ts";
import { SERVER_MESSAGES } from "../core/messages.shared.ts";
import { pairFilterField } from "../reports/schema.ts";

/**
 * Where a recipient stands in a call, in the order they move through it: told, notice shown,
 * then one end: an order on the call's side ("traded"), an order a halt or limit or the exchange
 * refused ("refused"), or nothing until the expiry wrote the missed-call row ("missed").
 */
export const RECIPIENT_STATES = ["notified", "seen", "traded", "refused", "missed"] as const;
export type RecipientState = (typeof RECIPIENT_STATES)[number];

/** How the call reached them: a shown page's socket, a push to a device, or neither. */
export const DELIVERIES = ["page", "push", "offline"] as const;
export type Delivery = (typeof DELIVERIES)[number];

const amount = z.string();
const ms = z.number().int();

/** A call as receivers see it (server/realtime/protocol.ts CallInfo). */
export const callInfoSchema = z.object({
  id: z.string(),
  from: z.string(),
  fromUserId: z.number().int(),
  group: z.string(),
  target: z.string(),
  count: z.number().int(),
  createdAt: ms,
  expiresAt: ms,
});

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

/** GET /calls/:id. */
export const callBoardSchema = z.object({
  call: callInfoSchema,
  recipients: z.array(boardRecipientSchema),
  totals: boardTotalsSchema,
});
export type CallBoard = z.infer<typeof callBoardSchema>;

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

const startBeforeEnd = (r: { start?: number; end?: number }) =>
  r.start === undefined || r.end === undefined || r.start <= r.end;
const rangeRefinement = { message: SERVER_MESSAGES["input.startAfterEnd"], path: ["end"] };
const range = { start: epochMsField.optional(), end: epochMsField.optional() };

/** GET /calls: a page of calls, newest first; a Lead's own calls whatever leadId says. */
export const callHistoryQuerySchema = z.object({
  ...pageShape,
  ...range,
  leadId: idParam.optional(),
  /** BUY, SELL, BUY_ONLY, SELL_ONLY, RING_ONLY, ALL or a pair code. */
  target: z.string().trim().max(32).optional().transform((t) => t || undefined),
  /** The pair the recipients traded (or a pair target). */
  pair: pairFilterField,
}).refine(startBeforeEnd, rangeRefinement);
export type CallHistoryQuery = z.output<typeof callHistoryQuerySchema>;

export const callHistoryItemSchema = callInfoSchema.extend({
  recipients: z.number().int(),
  /** Share of recipients who traded, 0..1 (0 with no recipient). */
  followed: z.number().min(0).max(1),
  medianReactionMs: ms.nullable(),
  filledAmount: amount,
  realizedPnl: amount,
  unrealizedPnl: amount,
  missedWouldBe: amount,
});
export type CallHistoryItem = z.infer<typeof callHistoryItemSchema>;

export const callHistorySchema = z.object({
  items: z.array(callHistoryItemSchema),
  totalItems: z.number().int(),
});
export type CallHistory = z.infer<typeof callHistorySchema>;

/** GET /calls/figures: calls sent in the range (all time without one). */
export const callFiguresQuerySchema = z.object(range).refine(startBeforeEnd, rangeRefinement);
export type CallFiguresQuery = z.output<typeof callFiguresQuerySchema>;

/** A user's answers to the calls they received. `followed`: share 0..1 (null: none received). */
export const userCallFiguresSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  received: z.number().int(),
  followed: z.number().min(0).max(1).nullable(),
  medianReactionMs: ms.nullable(),
  /** Realized result (books.ts rule) of their trades in those calls. */
  result: amount,
});
export type UserCallFigures = z.infer<typeof userCallFiguresSchema>;

/** A Lead's calls: `deskResult` is the realized result of every recipient's trades in them. */
export const leadCallFiguresSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  sent: z.number().int(),
  followed: z.number().min(0).max(1).nullable(),
  deskResult: amount,
});
export type LeadCallFigures = z.infer<typeof leadCallFiguresSchema>;

export const callFiguresSchema = z.object({
  users: z.array(userCallFiguresSchema),
  leads: z.array(leadCallFiguresSchema),
});
export type CallFigures = z.infer<typeof callFiguresSchema>;

export const PROFIT_GROUPS = ["day", "user", "pair", "exchange"] as const;
export type ProfitGroup = (typeof PROFIT_GROUPS)[number];

/** GET /profits/series: the rows GET /profits counts, grouped. Days are UTC dates. */
export const profitSeriesQuerySchema = z.object({
  groupBy: z.enum(PROFIT_GROUPS).default("day"),
  ...range,
  pair: pairFilterField,
}).refine(startBeforeEnd, rangeRefinement);
export type ProfitSeriesQuery = z.output<typeof profitSeriesQuerySchema>;

/** key: "2026-11-27", a user id, a pair code or an exchange; label: what to show for it. */
export const profitPointSchema = z.object({
  key: z.string(),
  label: z.string(),
  realizedPnl: amount,
  trades: z.number().int(),
  wins: z.number().int(),
  fees: amount,
});
export type ProfitPoint = z.infer<typeof profitPointSchema>;

/** best/worst: the single counted trade with the highest and lowest realizedPnl. */
export const profitSeriesSchema = z.object({
  groupBy: z.enum(PROFIT_GROUPS),
  points: z.array(profitPointSchema),
  totals: z.object({
    realizedPnl: amount,
    trades: z.number().int(),
    winRate: z.number().min(0).max(1).nullable(),
    avgPerTrade: amount.nullable(),
    fees: amount,
    best: amount.nullable(),
    worst: amount.nullable(),
  }),
});
export type ProfitSeries = z.infer<typeof profitSeriesSchema>;
