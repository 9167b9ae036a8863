// Transaction payloads and queries (docs/api.md#transactions). The client imports these.
import { z } from "zod";
import { SERVER_MESSAGES } from "../core/messages.shared.ts";
import { bigIdParam, idParam } from "../core/input-rules.ts";
import { dec, Decimal, floor8 } from "../core/decimal.shared.ts";
import {
  BOT_MODES,
  EXCHANGES,
  ORDER_STATES,
  PRICE_SOURCES,
  TRANSACTION_KINDS,
  TRANSACTION_STATUSES,
} from "../db/enums.shared.ts";
import { decimalString, messageAnswerSchema } from "../core/answer-schema.ts";

/** NUMERIC(38, 8) holds 30 integer digits. */
const MAX_MONEY = new Decimal("1e29");

/**
 * A non-negative decimal sent as a string or a JSON number, kept as a string floored to 8
 * decimals: no float reaches storage.
 */
// Strings first: they are what clients send, and a union's failed options each cost an issue.
export const decimalField = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const text = typeof v === "number" ? new Decimal(v).toFixed() : v.trim();
  if (!/^\d+(\.\d+)?$/.test(text) || dec(text).gte(MAX_MONEY)) {
    ctx.addIssue({ code: "custom", message: SERVER_MESSAGES["input.nonNegative"] });
    return z.NEVER;
  }
  return floor8(text);
});

const blankToUndefined = (v: unknown) => v === "" || v === null ? undefined : v;
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(blankToUndefined, schema.optional());

export const sideSchema = z.enum(["BUY", "SELL"]);
export const statusSchema = z.enum(TRANSACTION_STATUSES);
export const callIdSchema = z.string().trim().min(1).max(100);

/** The prices and amount every trade request carries, with its pair. */
const tradeShape = {
  marketPrice: decimalField,
  pair: z.string().trim().toLowerCase().min(1).max(40),
  amount: decimalField,
  buyPrice: decimalField,
  sellPrice: decimalField,
};

/** POST /transaction. hash, key and secret are accepted and ignored: stored keys sign orders. */
export const createTransactionSchema = z.object({
  ...tradeShape,
  userId: optional(idParam),
  quantity: optional(decimalField),
  useBot: z.enum(BOT_MODES),
  spread: optional(decimalField),
  tradingAmount: optional(decimalField),
  isAutoSpread: optional(z.boolean()),
  /** The side pressed: BUY or SELL. */
  status: sideSchema,
  hash: optional(z.string().max(200)),
  key: optional(z.string().max(4096)),
  secret: optional(z.string().max(4096)),
  exchange: z.enum(EXCHANGES),
  isFull: optional(z.boolean()),
  isRandom: optional(z.boolean()),
  fraction: optional(decimalField),
  assetId: optional(z.string().trim().min(1).max(100)),
  /** false: no extra transactions for numberOfTran (docs/trading.md#bot-follow-up). */
  withBot: optional(z.boolean()),
  /** The call this purchase answers: records outcome "bought" so the expiry skips this user. */
  callId: optional(callIdSchema),
});

export type CreateTransactionInput = z.infer<typeof createTransactionSchema>;

const boolQuery = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

/** Filters shared by the list and the average. */
export const filterQuerySchema = z.object({
  pair: optional(z.string().trim().toLowerCase().max(40)),
  status: optional(statusSchema),
  sellPriceStart: optional(decimalField),
  sellPriceEnd: optional(decimalField),
  username: optional(z.string().trim().max(100)),
  viewAll: optional(boolQuery),
});

export type TransactionFilter = z.infer<typeof filterQuerySchema>;

/** GET /transaction: page from 1, limit 10 by default. */
export const listQuerySchema = filterQuerySchema.extend({
  page: optional(z.coerce.number().int().min(1).max(1_000_000)).default(1),
  limit: optional(z.coerce.number().int().min(1).max(100)).default(10),
});

export type ListQuery = z.infer<typeof listQuerySchema>;

/**
 * POST /transaction/generate-done: a DONE transaction for an expired call, once per (call, user).
 * The server prices it; the prices and amount sent are the spec's payload and are not used.
 */
export const generateDoneSchema = z.object({
  ...tradeShape,
  userId: idParam,
  quantity: optional(decimalField),
  callId: callIdSchema,
});

export type GenerateDoneInput = z.infer<typeof generateDoneSchema>;

/** PATCH /transaction/{id}: the editable fields; at least one. */
export const updateTransactionSchema = z.object({
  marketPrice: optional(decimalField),
  buyPrice: optional(decimalField),
  sellPrice: optional(decimalField),
  amount: optional(decimalField),
  quantity: optional(decimalField),
  assetId: optional(z.string().trim().max(100)),
}).refine((v) => Object.values(v).some((x) => x !== undefined), {
  message: SERVER_MESSAGES["input.nothingToUpdate"],
});

export type UpdateTransactionInput = z.infer<typeof updateTransactionSchema>;

/** PATCH /transaction/set-done. */
export const setDoneSchema = z.object({
  ids: z.array(bigIdParam).min(1).max(500),
});

export const idParamSchema = z.object({ id: bigIdParam });
export const setStatusParamSchema = idParamSchema.extend({ status: statusSchema });

// What the routes answer (docs/api.md#transactions): a row as view.ts shows it.
const money = decimalString;
const time = z.iso.datetime();

export const transactionViewSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  status: z.enum(TRANSACTION_STATUSES),
  pair: z.string(),
  exchange: z.enum(EXCHANGES),
  adapter: z.string(),
  useBot: z.enum(BOT_MODES),
  marketPrice: money,
  buyPrice: money,
  sellPrice: money,
  amount: money,
  quantity: money,
  spread: money,
  assetId: z.string().nullable(),
  callId: z.string().nullable(),
  botKeyId: z.number().int().nullable(),
  orderId: z.string().nullable(),
  closeOrderId: z.string().nullable(),
  filledPrice: money.nullable(),
  filledQuantity: money.nullable(),
  avgPrice: money.nullable(),
  fee: money.nullable(),
  feeAsset: z.string().nullable(),
  closeQuantity: money.nullable(),
  closeFee: money.nullable(),
  closeFeeAsset: z.string().nullable(),
  realizedPnl: money.nullable(),
  unrealizedPnl: money.nullable(),
  kind: z.enum(TRANSACTION_KINDS),
  priceSource: z.enum(PRICE_SOURCES),
  orderState: z.enum(ORDER_STATES).nullable(),
  orderNote: z.string().nullable(),
  openedAt: time.nullable(),
  filledAt: time.nullable(),
  createdAt: time,
  updatedAt: time,
});

const group = z.object({
  items: z.array(transactionViewSchema),
  totalItems: z.number().int(),
  totalCapped: z.boolean(),
});

export const transactionListSchema = z.object({ BUY: group, SELL: group, ALL: group });

const said = z.object({ code: z.string(), params: z.record(z.string(), z.unknown()) });

const prices = { marketPrice: money, lastMarketPrice: money, tradingAmount: money };

/** POST /transaction: 200 when the price moved too much (nothing placed), 201 or 202 otherwise. */
export const createAnswerSchema = z.union([
  z.object({ isFluctuating: z.literal(true), ...prices }),
  z.object({
    isFluctuating: z.literal(false),
    ...prices,
    transaction: transactionViewSchema,
    extraTransactions: z.array(transactionViewSchema),
    extraErrors: z.array(z.string()),
    extraErrorMessages: z.array(said),
    botResults: z.array(z.object({
      botKeyId: z.number().int(),
      username: z.string(),
      transaction: transactionViewSchema.nullable(),
      error: z.string().nullable(),
      said: said.nullable(),
    })).optional(),
    pending: z.literal(true).optional(),
    message: z.string().optional(),
    code: z.string().optional(),
    params: z.record(z.string(), z.unknown()).optional(),
  }),
]);

export const averagesSchema = z.object({
  count: z.number().int(),
  totalAmount: money,
  totalQuantity: money,
  avgBuyPrice: money,
  avgSellPrice: money,
  avgMarketPrice: money,
});

export const generateDoneAnswerSchema = z.object({
  created: z.boolean(),
  outcome: z.enum(["done", "bought", "refused", "skipped"]),
  transaction: transactionViewSchema.nullable(),
});

export const setDoneAnswerSchema = z.object({
  updated: z.number().int(),
  ids: z.array(z.number().int()),
});

export const transactionDeletedSchema = messageAnswerSchema.extend({ id: z.number().int() });

/** GET /users/:id/coin-funds (coin-funds.ts). */
export const coinFundsSchema = z.object({
  coinFunds: money,
  asset: z.string(),
  exchange: z.enum(["binance", "gate"]),
  pair: z.string(),
});
