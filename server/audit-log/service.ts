// Reading the audit log, newest first, with the names of who acted and on whom.
import {
  aliasedTable,
  and,
  count,
  desc,
  eq,
  gte,
  isNull,
  lte,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { Deps } from "../deps.ts";
import { auditLog, users } from "../db/schema.ts";
import type { AuditQuery } from "./schema.ts";

const actor = aliasedTable(users, "actor");
const target = aliasedTable(users, "target");

export async function listAudit(deps: Pick<Deps, "db">, q: AuditQuery) {
  const filters: SQL[] = [];
  if (q.action) filters.push(eq(auditLog.action, q.action));
  if (q.actorId) filters.push(eq(auditLog.actorId, q.actorId));
  if (q.targetUserId) filters.push(eq(auditLog.targetUserId, q.targetUserId));
  if (q.actor) {
    // `%`, `_` and `\` typed match themselves; a signed-out attempt names its username in details.
    const start = `${q.actor.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    filters.push(
      or(
        sql`lower(${actor.username}) like ${start}`,
        and(isNull(auditLog.actorId), sql`lower(${auditLog.details}->>'username') like ${start}`),
      )!,
    );
  }
  if (q.start !== undefined) filters.push(gte(auditLog.at, new Date(q.start)));
  if (q.end !== undefined) filters.push(lte(auditLog.at, new Date(q.end)));
  const where = and(...filters);
  const [rows, [{ total }]] = await Promise.all([
    deps.db.select({
      id: auditLog.id,
      at: auditLog.at,
      action: auditLog.action,
      actorId: auditLog.actorId,
      actorUsername: actor.username,
      targetUserId: auditLog.targetUserId,
      targetUsername: target.username,
      details: auditLog.details,
    }).from(auditLog)
      .leftJoin(actor, eq(actor.id, auditLog.actorId))
      .leftJoin(target, eq(target.id, auditLog.targetUserId))
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(q.limit).offset((q.page - 1) * q.limit),
    deps.db.select({ total: count() }).from(auditLog)
      .leftJoin(actor, eq(actor.id, auditLog.actorId)).where(where),
  ]);
  const items = rows.map((r) => ({ ...r, at: r.at.toISOString() }));
  return { items, totalItems: total, page: q.page, limit: q.limit };
}
