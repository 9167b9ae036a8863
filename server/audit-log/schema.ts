import { z } from "zod";
import { SERVER_MESSAGES } from "../core/messages.shared.ts";
import { epochMsField, idParam, pageShape } from "../core/input-rules.ts";
import { emptyToUndefined } from "../users/schema.ts";
import { AUDIT_ACTIONS } from "../audit/actions.shared.ts";

const optionalId = z.preprocess(
  emptyToUndefined,
  idParam.optional(),
);

const optionalTime = z.preprocess(emptyToUndefined, epochMsField.optional());

export const auditQuerySchema = z.object({
  ...pageShape,
  // An action that is not one is a 400, not an empty page.
  action: z.preprocess(emptyToUndefined, z.enum(AUDIT_ACTIONS).optional()),
  actorId: optionalId,
  targetUserId: optionalId,
  /** Start of a username: who acted, or who tried to sign in when nobody was signed in. */
  actor: z.preprocess(emptyToUndefined, z.string().trim().max(100).optional()),
  /** Epoch ms, inclusive: entries at or after `start`, at or before `end`. */
  start: optionalTime,
  end: optionalTime,
}).refine((q) => q.start === undefined || q.end === undefined || q.start <= q.end, {
  message: SERVER_MESSAGES["input.startAfterEnd"],
  path: ["start"],
});

export type AuditQuery = z.infer<typeof auditQuerySchema>;

// What GET /audit answers.
export const auditPageSchema = z.object({
  items: z.array(z.object({
    id: z.number().int(),
    at: z.iso.datetime(),
    action: z.string(),
    actorId: z.number().int().nullable(),
    actorUsername: z.string().nullable(),
    targetUserId: z.number().int().nullable(),
    targetUsername: z.string().nullable(),
    details: z.unknown(),
  })),
  totalItems: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
