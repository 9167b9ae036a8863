// Sign-in and password rules, shared by the server routes and the client forms.
import { z } from "zod";
import { SERVER_MESSAGES } from "../core/messages.shared.ts";
import { decimalString, messageAnswerSchema } from "../core/answer-schema.ts";
import { BOT_MODES, EXCHANGES, ROLES } from "../db/enums.shared.ts";

export const passwordField = z.string({ error: SERVER_MESSAGES["input.password"] })
  .min(6, SERVER_MESSAGES["input.password"]).max(200);

export { loginSchema, totpCodeSchema } from "./login-schema.ts";

export const changePasswordSchema = z.object({
  oldPassword: z.string().min(6, SERVER_MESSAGES["input.passwordMin"]).max(200),
  newPassword: z.string().min(6, SERVER_MESSAGES["input.passwordMin"]).max(200),
});

/** The form adds a confirmation that is never sent. */
export const changePasswordFormSchema = changePasswordSchema.extend({
  confirmNewPassword: z.string(),
}).refine((v) => v.confirmNewPassword === v.newPassword, {
  message: SERVER_MESSAGES["input.passwordsMatch"],
  path: ["confirmNewPassword"],
});

export const forgotQuerySchema = z.object({
  username: z.string().trim().min(1, "Required").max(100),
});

export const resetPasswordSchema = z.object({
  token: z.string().regex(/^[0-9a-f]{64}$/, SERVER_MESSAGES["input.resetToken"]),
  newPassword: z.string().min(6, SERVER_MESSAGES["input.passwordMin"]).max(200),
});

export const forgot2faSchema = z.object({
  username: z.string().trim().min(1, "Required").max(100),
});

// What the routes answer (docs/api.md#sign-in). A user as the API shows one: public-user.shared.ts.
export const publicUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  uniqueId: z.number().int(),
  totpEnabled: z.boolean(),
  pair: z.string(),
  exchange: z.enum(EXCHANGES),
  group: z.string(),
  useBot: z.enum(BOT_MODES),
  isAutoSpread: z.boolean(),
  spread: decimalString,
  tradingAmount: decimalString,
  coinTradingAmount: decimalString,
  coinFunds: decimalString,
  fraction: decimalString,
  isFull: z.boolean(),
  isRandom: z.boolean(),
  numberOfTran: z.number().int(),
  selectBots: z.array(z.number().int()),
  gateKeyV2: z.string(),
  gateKeyV4: z.string(),
  gateSecretV4: z.string(),
  binanceKey: z.string(),
  binanceSecret: z.string(),
  houbiKey: z.string(),
  houbiSecret: z.string(),
  createdAt: z.iso.datetime(),
});

export const signedInSchema = publicUserSchema.extend({
  token: z.string(),
  /** true: the account has no second factor yet, and the token only enrols one. */
  generateSecret: z.boolean(),
});

export const totpSecretSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  qrCode: z.string(),
});

export const enrolledSchema = publicUserSchema.extend({ token: z.string() });

export const passwordChangedSchema = messageAnswerSchema.extend({ token: z.string() });

/** An Admin's forgot-password call for a user: the one-time token to hand over. */
export const resetTokenIssuedSchema = messageAnswerSchema.extend({
  resetToken: z.string(),
  expiresAt: z.iso.datetime(),
});
