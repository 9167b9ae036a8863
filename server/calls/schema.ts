// Input of POST /api/calls.
import { z } from "zod";
import { CALL_COUNT_MAX, CALL_COUNT_MIN } from "./call-count.shared.ts";

export const sendCallSchema = z.object({
  /** BUY, SELL, BUY_ONLY, SELL_ONLY, RING_ONLY, ALL or a listed pair code (checked by the service). */
  target: z.string().trim().min(1).max(32),
  count: z.number().int().min(CALL_COUNT_MIN).max(CALL_COUNT_MAX),
});

export type SendCallInput = z.infer<typeof sendCallSchema>;

// What the routes answer: a call as the socket sends it (server/realtime/protocol.ts CallInfo).
export const callInfoSchema = z.object({
  id: z.string(),
  from: z.string(),
  fromUserId: z.number().int(),
  group: z.string(),
  target: z.string(),
  count: z.number().int(),
  createdAt: z.number(),
  expiresAt: z.number(),
});

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
