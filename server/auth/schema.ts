// Sign-in and password rules, shared by the server routes and the client forms.
import { z } from "zod";
import { SERVER_MESSAGES } from "../core/messages.shared.ts";

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
