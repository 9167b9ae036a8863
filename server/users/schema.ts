// User input rules, shared by the server routes and the client forms: keep it free of server-only
// imports (no drizzle, no Deno APIs).
import { z } from "zod";
import { fillParams, SERVER_MESSAGES } from "../core/messages.shared.ts";
import { idField, pageShape } from "../core/input-rules.ts";
import { passwordField, publicUserSchema } from "../auth/schema.ts";
import { messageAnswerSchema } from "../core/answer-schema.ts";
import { dec } from "../core/decimal.shared.ts";
import { BOT_MODES, EXCHANGES, ROLES } from "../db/enums.shared.ts";
import { findPair } from "../exchanges/pairs.shared.ts";
import { type Role, rolesAtOrBelow } from "../auth/roles.shared.ts";

export const USERNAME_PATTERN = /^[A-Za-z0-9_-]{3,30}$/;

export const emailField = z.string({ error: "Required" }).trim().min(1, "Required").max(200)
  .pipe(z.email(SERVER_MESSAGES["input.email"]));

export const usernameField = z.string({ error: "Required" }).trim()
  .min(1, "Required")
  .min(5, SERVER_MESSAGES["input.usernameShort"])
  .regex(USERNAME_PATTERN, SERVER_MESSAGES["input.usernamePattern"]);

const optionalName = z.string().trim().max(100).optional();

/** The new-user payload (docs/roles.md#creating-users); confirmPassword is sent and checked. */
export const newUserSchema = z.object({
  email: emailField,
  username: usernameField,
  role: z.enum(ROLES, { error: "Required" }).default("User"),
  password: passwordField,
  confirmPassword: z.string({ error: "Required" }).min(1, "Required"),
  firstName: optionalName,
  lastName: optionalName,
}).refine((v) => v.confirmPassword === v.password, {
  message: SERVER_MESSAGES["input.passwordsMatch"],
  path: ["confirmPassword"],
  // Shown beside the other field errors, not only once everything else is valid.
  when: (p) => {
    const v = p.value as { password?: unknown; confirmPassword?: unknown };
    return typeof v?.password === "string" && typeof v.confirmPassword === "string";
  },
});

export type NewUserInput = z.input<typeof newUserSchema>;

export const ROLE_ABOVE_OWN = SERVER_MESSAGES["users.roleAboveOwn"];

/** The create form of a given creator: roles above the creator's are refused. */
export const newUserFormSchema = (creator: Role) =>
  newUserSchema.refine((v) => rolesAtOrBelow(creator).includes(v.role), {
    message: ROLE_ABOVE_OWN,
    path: ["role"],
  });

/** A decimal amount as a number or decimal string, stored as a NUMERIC string (8 decimals). */
const amount = (max: number) =>
  z.union([z.number(), z.string().trim()])
    .refine((v) => typeof v === "number" ? Number.isFinite(v) : /^\d+(\.\d{1,8})?$/.test(v), {
      message: SERVER_MESSAGES["input.decimal8"],
    })
    .transform((v) => dec(v))
    .refine((d) => d.gte(0) && d.lte(max) && d.decimalPlaces() <= 8, {
      message: fillParams(SERVER_MESSAGES["input.decimal8Range"], { max }),
    })
    .transform((d) => d.toFixed());

/** Sane upper bounds; spread and fraction are percentages. */
export const LIMITS = {
  spread: 100,
  tradingAmount: 1_000_000_000,
  coinTradingAmount: 1_000_000_000,
  fraction: 100,
  numberOfTran: 10,
  selectBots: 100,
} as const;

export const NUMBER_OF_TRAN = fillParams(SERVER_MESSAGES["input.numberOfTran"], {
  max: LIMITS.numberOfTran,
});

/** A user's trading settings; Admin and above set them (see SELF_FIELDS for the exceptions). */
export const tradingSettingsShape = {
  pair: z.string().trim().toLowerCase().refine((v) => !!findPair(v), "Unknown pair"),
  exchange: z.enum(EXCHANGES),
  useBot: z.enum(BOT_MODES),
  spread: amount(LIMITS.spread),
  tradingAmount: amount(LIMITS.tradingAmount),
  coinTradingAmount: amount(LIMITS.coinTradingAmount),
  fraction: amount(LIMITS.fraction),
  isFull: z.boolean(),
  isRandom: z.boolean(),
  numberOfTran: z.number({ error: NUMBER_OF_TRAN }).int(NUMBER_OF_TRAN).min(1, NUMBER_OF_TRAN)
    .max(LIMITS.numberOfTran, NUMBER_OF_TRAN),
  isAutoSpread: z.boolean(),
  selectBots: z.array(idField).max(LIMITS.selectBots),
};

/** Only Admin and above change these, on anyone. */
export const profileShape = {
  email: emailField,
  firstName: optionalName,
  lastName: optionalName,
  group: z.string().trim().min(1, "Required").max(50),
};

/**
 * What a User or Lead changes on their own account: the topbar's pair and exchange, the bot mode a
 * call switches them to (docs/calls.md#targets), and the bot keys a Lead trades with
 * (docs/trading.md#multi-account-trading).
 * Amounts, spread, transaction count and group are the operation's risk settings: Admin up only.
 */
export const SELF_FIELDS = ["pair", "exchange", "useBot", "selectBots"] as const;

/** The trading-settings form on /manage-users: every setting but selectBots, and the group. */
export const tradingSettingsFormSchema = z.object({
  ...z.object(tradingSettingsShape).omit({ selectBots: true }).shape,
  group: profileShape.group,
});

export type TradingSettingsForm = z.input<typeof tradingSettingsFormSchema>;

export const updateUserSchema = z.strictObject({
  ...z.object(tradingSettingsShape).partial().shape,
  ...z.object(profileShape).partial().shape,
}).refine((v) => Object.keys(v).length > 0, { message: SERVER_MESSAGES["input.atLeastOneField"] });

export type UpdateUserInput = z.infer<typeof updateUserSchema>;

export const changeRoleSchema = z.object({ role: z.enum(ROLES) });

/**
 * POST /users/admin-change-user-password: an Admin sets another user's password without the old
 * one: `{ userId: number, newPassword: string (min 6) }`. Every session of that user ends.
 */
export const adminChangePasswordSchema = z.object({
  userId: idField,
  newPassword: passwordField,
});

/** The client's form for it adds a confirmation that is never sent. */
export const adminChangePasswordFormSchema = z.object({
  newPassword: passwordField,
  confirmNewPassword: z.string({ error: "Required" }).min(1, "Required"),
}).refine((v) => v.confirmNewPassword === v.newPassword, {
  message: SERVER_MESSAGES["input.passwordsMatch"],
  path: ["confirmNewPassword"],
});

export const emptyToUndefined = (v: unknown) => (v === "" ? undefined : v);

export const searchUsersSchema = z.object({
  username: z.preprocess(emptyToUndefined, z.string().trim().max(100).optional()),
  email: z.preprocess(emptyToUndefined, z.string().trim().max(200).optional()),
  role: z.preprocess(emptyToUndefined, z.enum(ROLES).optional()),
  ...pageShape,
});

export type SearchUsersQuery = z.infer<typeof searchUsersSchema>;

export const userIdParam = z.object({
  id: z.string().regex(/^\d{1,9}$/, SERVER_MESSAGES["input.userId"]).transform(Number),
});

// What the routes answer (docs/api.md#users).
export const userListSchema = z.array(publicUserSchema);

/** An Admin's search lists whole users; a Lead's only who is who. */
export const userSearchAnswerSchema = z.object({
  items: z.array(
    z.union([
      publicUserSchema,
      z.object({ id: z.number(), username: z.string(), role: z.enum(ROLES) }),
    ]),
  ),
  totalItems: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});

export const userDeletedSchema = messageAnswerSchema.extend({ id: z.number().int() });
