import { z } from "zod";
import { idParam } from "../core/input-rules.ts";
import { emptyToUndefined, pageShape } from "../users/schema.ts";
import { AUDIT_ACTIONS } from "./actions.ts";

const optionalId = z.preprocess(
  emptyToUndefined,
  idParam.optional(),
);

export const auditQuerySchema = z.object({
  ...pageShape,
  // An action that is not one is a 400, not an empty page.
  action: z.preprocess(emptyToUndefined, z.enum(AUDIT_ACTIONS).optional()),
  actorId: optionalId,
  targetUserId: optionalId,
});

export type AuditQuery = z.infer<typeof auditQuerySchema>;
