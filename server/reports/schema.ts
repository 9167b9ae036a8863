// Report request rules, shared by the server routes and the client's report modals: no
// server-only imports here.
import { z } from "zod";
import { SERVER_MESSAGES } from "../core/messages.shared.ts";
import { epochMsField } from "../core/input-rules.ts";

const startBeforeEnd = { message: SERVER_MESSAGES["input.startAfterEnd"], path: ["end"] };

/** The first day's start and the last day's end, both included. */
export const reportRangeSchema = z.object({ start: epochMsField, end: epochMsField })
  .refine((r) => r.start <= r.end, startBeforeEnd);

/** Long enough for any sensible username filter, short enough to keep the engine's work small. */
export const USER_REGEX_MAX_LENGTH = 100;

/** A pair such as btc_usdt; "", "all" or nothing means every pair. */
export const pairFilterField = z.string().trim().toLowerCase()
  .refine((p) => p === "" || p === "all" || /^[a-z0-9]{2,15}_[a-z0-9]{2,15}$/.test(p), {
    message: SERVER_MESSAGES["input.unknownPair"],
  })
  .optional()
  .transform((p) => (p && p !== "all" ? p : undefined));

export const userSummarySchema = z.object({
  start: epochMsField,
  end: epochMsField,
  userRegex: z.string().max(
    USER_REGEX_MAX_LENGTH,
    `At most ${USER_REGEX_MAX_LENGTH} characters`,
  ).optional().transform((r) => r || undefined),
  pair: pairFilterField,
}).refine((r) => r.start <= r.end, startBeforeEnd);

export type ReportRange = z.output<typeof reportRangeSchema>;
export type UserSummaryRequest = z.output<typeof userSummarySchema>;
export type UserSummaryInput = z.input<typeof userSummarySchema>;
