// Input of POST /api/calls. The client's call controls use the same rule.
import { z } from "zod";

export const CALL_COUNT_MIN = 1;
export const CALL_COUNT_MAX = 10;

export const sendCallSchema = z.object({
  /** BUY, SELL, BUY_ONLY, SELL_ONLY, RING_ONLY, ALL or a listed pair code (checked by the service). */
  target: z.string().trim().min(1).max(32),
  count: z.number().int().min(CALL_COUNT_MIN).max(CALL_COUNT_MAX),
});

export type SendCallInput = z.infer<typeof sendCallSchema>;
