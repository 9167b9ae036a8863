// The call board, call history, per-person call figures and profit series: the answers of
// GET /calls/:id, GET /calls, GET /calls/figures, GET /profits/series and the socket's call-board
// event, as zod schemas the server checks its answers with and the client imports (no server-only
// imports here). Amounts are decimal strings in the quote asset; times epoch milliseconds.
import { z } from "zod";
import { epochMsField, idParam, pageShape } from "../core/input-rules.ts";
import { SERVER_MESSAGES } from "../core/messages.shared.ts";
import { pairFilterField } from "../reports/schema.ts";
import { boardRecipientSchema, boardTotalsSchema } from "../realtime/call-board.shared.ts";

export {
  type BoardRecipient,
  boardRecipientSchema,
  type BoardTotals,
  boardTotalsSchema,
  type CallBoardEvent,
  callBoardEventSchema,
  type CallReason,
  callReasonSchema,
} from "../realtime/call-board.shared.ts";
export {
  DELIVERIES,
  type Delivery,
  RECIPIENT_STATES,
  type RecipientState,
} from "../db/enums.shared.ts";

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

/** GET /calls/:id. */
export const callBoardSchema = z.object({
  call: callInfoSchema,
  recipients: z.array(boardRecipientSchema),
  totals: boardTotalsSchema,
});
export type CallBoard = z.infer<typeof callBoardSchema>;

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
