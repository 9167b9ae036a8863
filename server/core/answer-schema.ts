// The shapes every area's answers share: an error's `{ message }` (server/core/error-handler.ts)
// and a success that only says what was done (`answer(msg(...))`).
import { z } from "zod";

const said = z.object({ code: z.string(), params: z.record(z.string(), z.unknown()) });

/** What every refusal answers: its English text, its code and params for the client to word. */
export const errorAnswerSchema = z.object({
  message: z.union([z.string(), z.array(z.string())]),
  code: z.string().optional(),
  params: z.record(z.string(), z.unknown()).optional(),
  lines: z.array(said).optional(),
  field: z.string().optional(),
});

/** A success that only says what was done ("Logged out", "Deleted"). */
export const messageAnswerSchema = z.object({
  message: z.string(),
  code: z.string(),
  params: z.record(z.string(), z.unknown()),
  lines: z.array(said).optional(),
});

export const decimalString = z.string().regex(/^-?\d+(\.\d+)?$/);
