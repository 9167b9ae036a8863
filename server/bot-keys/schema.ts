// Bot key payloads and queries (docs/api.md#bot-keys). Free of server-only imports:
// the client's forms import these.
import { z } from "zod";
import { SERVER_MESSAGES } from "../core/messages.shared.ts";
import { idParam } from "../core/input-rules.ts";
import { decimalString, messageAnswerSchema } from "../core/answer-schema.ts";

/** The exchanges a bot key can be stored for: the sidebar's Gate, Binance and Houbi. */
export const BOT_KEY_EXCHANGES = ["gate", "binance", "houbi"] as const;
export type BotKeyExchange = (typeof BOT_KEY_EXCHANGES)[number];

const blankToUndefined = (v: unknown) => v === "" || v === null ? undefined : v;
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(blankToUndefined, schema.optional());

export const botKeyExchangeSchema = z.enum(BOT_KEY_EXCHANGES, {
  error: SERVER_MESSAGES["input.botExchange"],
});

export const botKeyUsernameField = z.string({ error: "Required" }).trim()
  .min(1, "Required")
  .max(50, "At most 50 characters");

/** A key or secret as sent: a transport payload (IV hex + ciphertext hex), or on update a mask. */
const transportField = z.string().trim().max(4096);
/** The /Summaries/hash value the fields were encrypted under; optional. */
const hashField = z.string().regex(/^[0-9a-f]{64}$/, SERVER_MESSAGES["input.hash"]).optional();

/** POST /bot-key: key and secret are required and must decrypt. */
export const createBotKeySchema = z.object({
  exchange: botKeyExchangeSchema,
  username: botKeyUsernameField,
  key: transportField.min(1, "Required"),
  secret: transportField.min(1, "Required"),
  hash: hashField,
});

export type CreateBotKeyInput = z.infer<typeof createBotKeySchema>;

/** PATCH /bot-key/{id}: masks and empty values mean "keep" (docs/screens.md#key-forms). */
export const updateBotKeySchema = z.object({
  username: botKeyUsernameField.optional(),
  key: transportField.optional(),
  secret: transportField.optional(),
  hash: hashField,
});

export type UpdateBotKeyInput = z.infer<typeof updateBotKeySchema>;

/** GET /bot-key: one exchange's entries, or every exchange's without the param. */
export const listBotKeysQuerySchema = z.object({ exchange: optional(botKeyExchangeSchema) });

/** GET /bot-key/search: filters and paging, 10 a page by default. */
export const searchBotKeysQuerySchema = z.object({
  username: optional(z.string().trim().max(50)),
  exchange: optional(botKeyExchangeSchema),
  page: optional(z.coerce.number().int().min(1).max(1_000_000)).default(1),
  limit: optional(z.coerce.number().int().min(1).max(100)).default(10),
});

export type SearchBotKeysQuery = z.infer<typeof searchBotKeysQuerySchema>;

export const botKeyIdParamSchema = z.object({ id: idParam });

/** GET /bot-key/bot-balance/{id}: when given, the exchange must be the key's own. */
export const botBalanceQuerySchema = z.object({ exchange: optional(botKeyExchangeSchema) });

// What the routes answer (docs/api.md#bot-keys): never a key or a secret, only their masks.
export const botKeyViewSchema = z.object({
  id: z.number().int(),
  exchange: z.enum(BOT_KEY_EXCHANGES),
  username: z.string(),
  adapter: z.string(),
  key: z.string(),
  secret: z.string(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});

const botKeyOptionSchema = z.object({
  id: z.number().int(),
  exchange: z.enum(BOT_KEY_EXCHANGES),
  username: z.string(),
});

/** A SuperAdmin gets the views, a Lead selecting bots the options. */
export const botKeyListSchema = z.union([z.array(botKeyViewSchema), z.array(botKeyOptionSchema)]);

export const botKeySearchAnswerSchema = z.object({
  items: z.array(botKeyViewSchema),
  totalItems: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});

export const botBalanceSchema = z.object({
  id: z.number().int(),
  exchange: z.enum(BOT_KEY_EXCHANGES),
  username: z.string(),
  adapter: z.string(),
  balances: z.array(z.union([
    z.object({ asset: z.string(), free: decimalString, locked: decimalString }),
    z.object({ currency: z.string(), available: decimalString, locked: decimalString }),
  ])),
  error: z.string().nullable(),
  errorCode: z.string().nullable(),
  errorParams: z.record(z.string(), z.unknown()).nullable(),
});

export const botKeyDeletedSchema = messageAnswerSchema.extend({ id: z.number().int() });
