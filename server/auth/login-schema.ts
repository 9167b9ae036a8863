// The sign-in rules, in zod/mini: the login page is the first thing a phone loads, and mini keeps
// the whole of zod out of that chunk.
import * as z from "zod/mini";
import { SERVER_MESSAGES } from "../core/messages.shared.ts";

export const loginSchema = z.object({
  username: z.string().check(z.trim(), z.minLength(1, "Required"), z.maxLength(100)),
  password: z.string().check(z.minLength(1, "Required"), z.maxLength(200)),
  code: z.optional(z.string().check(z.trim(), z.maxLength(10))),
});

export const totpCodeSchema = z.object({
  code: z.string().check(z.trim(), z.regex(/^\d{6}$/, SERVER_MESSAGES["input.totpCode"])),
});
