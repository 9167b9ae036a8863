// Who did what to whom, and when. Callers never pass secrets in details.
import type { Db } from "../db/client.ts";
import { auditLog } from "../db/schema.ts";
import type { AuditAction } from "./actions.shared.ts";

export interface AuditEntry {
  actorId: number | null;
  action: AuditAction;
  targetUserId?: number | null;
  details?: Record<string, unknown>;
  at: Date;
}

export async function recordAudit(db: Db, entry: AuditEntry) {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetUserId: entry.targetUserId ?? null,
    details: entry.details ?? {},
    at: entry.at,
  });
}
