// Input of the halt and limit routes; the client's forms use the same schemas (zod only here).
import { z } from "zod";
import { idField, idParam } from "../core/input-rules.ts";
import { SERVER_MESSAGES } from "../core/messages.shared.ts";

export const HALT_EXCHANGES = ["binance", "gate"] as const;
export const REASON_MAX = 200;

/** A positive decimal amount with at most 8 decimals, or null for "no maximum". */
const maxAmount = z.union([
  z.null(),
  z.coerce.string().trim().regex(/^\d{1,29}(\.\d{1,8})?$/, SERVER_MESSAGES["input.amountAbove0"])
    .refine((v) => Number(v) > 0, SERVER_MESSAGES["input.amountAbove0"]),
]);

export const createHaltSchema = z.object({
  scope: z.enum(["all", "exchange", "user"]),
  exchange: z.enum(HALT_EXCHANGES).optional(),
  userId: idField.optional(),
  reason: z.string().trim().min(1, "Required").max(REASON_MAX),
  stopsClosing: z.boolean().default(false),
}).superRefine((v, ctx) => {
  if (v.scope === "exchange" && !v.exchange) {
    ctx.addIssue({ code: "custom", path: ["exchange"], message: SERVER_MESSAGES["zod.required"] });
  }
  if (v.scope === "user" && !v.userId) {
    ctx.addIssue({ code: "custom", path: ["userId"], message: SERVER_MESSAGES["zod.required"] });
  }
});

export type CreateHaltInput = z.infer<typeof createHaltSchema>;

export const haltIdParamSchema = z.object({ id: idParam });

export const setLimitSchema = z.object({
  userId: idField,
  exchange: z.enum(HALT_EXCHANGES),
  maxPerOrder: maxAmount,
  maxPerDay: maxAmount,
});

export type SetLimitInput = z.infer<typeof setLimitSchema>;

export const limitsQuerySchema = z.object({
  userId: idParam.optional(),
});

/** A halt as the client sees it; times are epoch milliseconds. */
export interface HaltView {
  id: number;
  scope: "all" | "exchange" | "user";
  exchange: string | null;
  userId: number | null;
  username: string | null;
  reason: string;
  stopsClosing: boolean;
  createdBy: string;
  createdAt: number;
}

export interface LimitView {
  userId: number;
  username: string;
  exchange: string;
  maxPerOrder: string | null;
  maxPerDay: string | null;
  updatedAt: number;
}

// What the routes answer: HaltView and LimitView above.
export const haltViewSchema = z.object({
  id: z.number().int(),
  scope: z.enum(["all", "exchange", "user"]),
  exchange: z.string().nullable(),
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  reason: z.string(),
  stopsClosing: z.boolean(),
  createdBy: z.string(),
  createdAt: z.number(),
});

export const limitViewSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  exchange: z.string(),
  maxPerOrder: z.string().nullable(),
  maxPerDay: z.string().nullable(),
  updatedAt: z.number(),
});
