import { z } from "zod";
import { pageShape } from "../users/schema.ts";

const optionalId = z.preprocess(
  (v) => (v === "" ? undefined : v),
  z.coerce.number().int().positive().optional(),
);

export const auditQuerySchema = z.object({
  ...pageShape,
  action: z.string().trim().max(100).optional(),
  actorId: optionalId,
  targetUserId: optionalId,
});

export type AuditQuery = z.infer<typeof auditQuerySchema>;
