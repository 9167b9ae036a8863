// The trading desk's queries and answers (docs/api.md#desk), shared with the dashboard: no
// server-only imports here. Amounts are decimal strings, times epoch milliseconds.
import { z } from "zod";
import {
  CANDLE_INTERVALS,
  type CandleInterval,
  INTERVAL_MS,
} from "../exchanges/candle-intervals.shared.ts";
import { bigIdParam, epochMsField } from "../core/input-rules.ts";
import { EXCHANGES, ORDER_STATES } from "../db/enums.shared.ts";
import { MARKET_EXCHANGES } from "../market/feed.shared.ts";

const blankToUndefined = (v: unknown) => v === "" || v === null ? undefined : v;
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(blankToUndefined, schema.optional());

const pairField = z.string().trim().toLowerCase().min(1).max(40);
const decimal = z.string();
const side = z.enum(["BUY", "SELL"]);

export { CANDLE_INTERVALS, type CandleInterval, INTERVAL_MS };

export const DESK_CANDLE_LIMIT = { default: 120, max: 500 } as const;
export const DESK_POSITIONS_MAX = 200;
export const DESK_CLOSED_LIMIT = { default: 20, max: 100 } as const;
/** How far back `since` of GET /desk/today may reach. */
export const DESK_TODAY_MAX_MS = 48 * 3_600_000;

// ---- queries ----

/** GET /api/desk/candles */
export const deskCandlesQuerySchema = z.object({
  exchange: z.enum(MARKET_EXCHANGES),
  pair: pairField,
  interval: optional(z.enum(CANDLE_INTERVALS)).default("1m"),
  limit: optional(z.coerce.number().int().min(1).max(DESK_CANDLE_LIMIT.max))
    .default(DESK_CANDLE_LIMIT.default),
});
export type DeskCandlesQuery = z.output<typeof deskCandlesQuerySchema>;

/** GET /api/desk/positions */
export const deskPositionsQuerySchema = z.object({
  exchange: optional(z.enum(EXCHANGES)),
  pair: optional(pairField),
});
export type DeskPositionsQuery = z.output<typeof deskPositionsQuerySchema>;

/** POST /api/desk/positions/:id/close */
export const deskCloseParamSchema = z.object({ id: bigIdParam });

/** GET /api/desk/closed */
export const deskClosedQuerySchema = z.object({
  limit: optional(z.coerce.number().int().min(1).max(DESK_CLOSED_LIMIT.max))
    .default(DESK_CLOSED_LIMIT.default),
});
export type DeskClosedQuery = z.output<typeof deskClosedQuerySchema>;

/** GET /api/desk/balances */
export const deskBalancesQuerySchema = z.object({
  exchange: z.enum(MARKET_EXCHANGES),
});
export type DeskBalancesQuery = z.output<typeof deskBalancesQuerySchema>;

/** GET /api/desk/today: since is the client's local midnight, within the last 48 hours. */
export const deskTodayQuerySchema = z.object({
  since: epochMsField,
});
export type DeskTodayQuery = z.output<typeof deskTodayQuerySchema>;

// ---- answers ----

export const candleSchema = z.object({
  t: z.number(),
  o: decimal,
  h: decimal,
  l: decimal,
  c: decimal,
});
export type Candle = z.infer<typeof candleSchema>;

export const candleMarkerSchema = z.object({
  t: z.number(),
  transactionId: z.number(),
  side,
  kind: z.enum(["entry", "exit"]),
  price: decimal,
});
export type CandleMarker = z.infer<typeof candleMarkerSchema>;

export const candleTargetSchema = z.object({
  transactionId: z.number(),
  side,
  price: decimal,
});
export type CandleTarget = z.infer<typeof candleTargetSchema>;

export const deskCandlesAnswerSchema = z.object({
  exchange: z.enum(MARKET_EXCHANGES),
  pair: z.string(),
  interval: z.enum(CANDLE_INTERVALS),
  candles: z.array(candleSchema),
  markers: z.array(candleMarkerSchema),
  targets: z.array(candleTargetSchema),
});
export type DeskCandlesAnswer = z.infer<typeof deskCandlesAnswerSchema>;

export const positionSchema = z.object({
  id: z.number(),
  pair: z.string(),
  exchange: z.string(),
  side,
  useBot: z.string(),
  openPrice: decimal,
  quantity: decimal,
  /** What "close now" trades: a BUY sells what arrived (less a fee in the base) on the lot step. */
  closeQuantity: decimal,
  amount: decimal,
  fee: decimal,
  feeAsset: z.string().nullable(),
  currentPrice: decimal.nullable(),
  unrealizedPnl: decimal.nullable(),
  unrealizedPct: decimal.nullable(),
  target: decimal.nullable(),
  openedAt: z.number(),
  orderState: z.enum(ORDER_STATES).nullable(),
});
export type Position = z.infer<typeof positionSchema>;

export const deskPositionsAnswerSchema = z.object({
  items: z.array(positionSchema),
  totalItems: z.number(),
});
export type DeskPositionsAnswer = z.infer<typeof deskPositionsAnswerSchema>;

/** Why a closed trade is left out of realized profit (server/reports/books.ts). */
export const NOT_COUNTED_REASONS = [
  "typed",
  "handClosed",
  "edited",
  "oneSided",
  "unpriced",
] as const;
export type NotCountedReason = (typeof NOT_COUNTED_REASONS)[number];

export const closedTradeSchema = z.object({
  id: z.number(),
  pair: z.string(),
  exchange: z.string(),
  side,
  entryPrice: decimal,
  entryQuantity: decimal,
  exitPrice: decimal.nullable(),
  exitQuantity: decimal.nullable(),
  /** Both fills' fees in the quote asset; null when a fee's asset has no price. */
  fees: decimal.nullable(),
  realizedPnl: decimal.nullable(),
  realizedPct: decimal.nullable(),
  openedAt: z.number(),
  closedAt: z.number(),
  durationMs: z.number(),
  counted: z.boolean(),
  reason: z.enum(NOT_COUNTED_REASONS).nullable(),
});
export type ClosedTrade = z.infer<typeof closedTradeSchema>;

export const missedCallSchema = z.object({
  id: z.number(),
  pair: z.string(),
  side,
  at: z.number(),
  wouldHave: decimal.nullable(),
});
export type MissedCall = z.infer<typeof missedCallSchema>;

export const deskClosedAnswerSchema = z.object({
  items: z.array(closedTradeSchema),
  missed: z.array(missedCallSchema),
});
export type DeskClosedAnswer = z.infer<typeof deskClosedAnswerSchema>;

/** POST /api/desk/positions/:id/close when the exchange has not answered yet. */
export const deskClosePendingSchema = z.object({
  pending: z.literal(true),
  id: z.number(),
});
export type DeskClosePending = z.infer<typeof deskClosePendingSchema>;

export const BALANCE_ADAPTERS = ["paper", "binance", "gate"] as const;

export const balanceSchema = z.object({ asset: z.string(), free: decimal, locked: decimal });
export type Balance = z.infer<typeof balanceSchema>;

export const balanceAccountSchema = z.object({
  /** "user:<id>" or "bot:<id>". */
  account: z.string(),
  label: z.string(),
  adapter: z.enum(BALANCE_ADAPTERS),
  balances: z.array(balanceSchema),
  /** Why the balance could not be read (missing keys, the exchange refused), in English. */
  error: z.string().nullable(),
  /** The same, coded (server/core/messages.shared.ts), for the client to word. */
  errorCode: z.string().nullable(),
  errorParams: z.record(z.string(), z.union([z.string(), z.number()])).nullable(),
});
export type BalanceAccount = z.infer<typeof balanceAccountSchema>;

export const deskBalancesAnswerSchema = z.object({
  exchange: z.enum(MARKET_EXCHANGES),
  accounts: z.array(balanceAccountSchema),
  at: z.number(),
});
export type DeskBalancesAnswer = z.infer<typeof deskBalancesAnswerSchema>;

export const todaySchema = z.object({
  realizedPnl: decimal,
  trades: z.number(),
  wins: z.number(),
  winRate: decimal.nullable(),
  missedCalls: z.number(),
  fees: decimal,
});
export type Today = z.infer<typeof todaySchema>;

export const deskTodayAnswerSchema = z.object({
  me: todaySchema,
  desk: todaySchema.nullable(),
});
export type DeskTodayAnswer = z.infer<typeof deskTodayAnswerSchema>;
