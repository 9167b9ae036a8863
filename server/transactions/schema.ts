// Transaction payloads and queries (docs/api.md#transactions). The client imports these.
import { z } from "zod";
import { SERVER_MESSAGES } from "../core/messages.shared.ts";
import { bigIdParam, idParam } from "../core/input-rules.ts";
import { Decimal } from "../core/decimal.shared.ts";
import { BOT_MODES, EXCHANGES, TRANSACTION_STATUSES } from "../db/enums.shared.ts";

/** NUMERIC(38, 8) holds 30 integer digits. */
const MAX_MONEY = new Decimal("1e29");

/**
 * A non-negative decimal sent as a string or a JSON number, kept as a string floored to 8
 * decimals: no float reaches storage.
 */
export const decimalField = z.union([z.number(), z.string()]).transform((v, ctx) => {
  const text = typeof v === "number" ? new Decimal(v).toFixed() : v.trim();
  if (!/^\d+(\.\d+)?$/.test(text) || new Decimal(text).gte(MAX_MONEY)) {
    ctx.addIssue({ code: "custom", message: SERVER_MESSAGES["input.nonNegative"] });
    return z.NEVER;
  }
  return new Decimal(text).toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed(8);
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
