// Input of POST /api/calls.
import { z } from "zod";
import { CALL_COUNT_MAX, CALL_COUNT_MIN } from "./call-count.shared.ts";
import { callInfoSchema } from "./board.shared.ts";

export const sendCallSchema = z.object({
  /** BUY, SELL, BUY_ONLY, SELL_ONLY, RING_ONLY, ALL or a listed pair code (checked by the service). */
  target: z.string().trim().min(1).max(32),
  count: z.number().int().min(CALL_COUNT_MIN).max(CALL_COUNT_MAX),
});

export type SendCallInput = z.infer<typeof sendCallSchema>;

/** GET /calls/active: the call governing the caller and its effect, or both null. */
export const activeCallSchema = z.object({
  call: callInfoSchema.nullable(),
  effect: z.object({
    ringOnly: z.boolean(),
    useBot: z.string().optional(),
    buy: z.boolean(),
    sell: z.boolean(),
  }).nullable(),
});
