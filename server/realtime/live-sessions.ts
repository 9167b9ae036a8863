// Which of the hub's sessions are still live: one query for many sockets, so the periodic sweep
// stays cheap with a thousand of them.
import { and, eq, gt, inArray, isNull } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { sessions, users } from "../db/schema.ts";

const CHUNK = 500;

/** The subset of `ids` (session ids, i.e. token hashes) that are full, unrevoked and unexpired. */
export async function liveSessionIds(db: Db, ids: string[], now: Date): Promise<Set<string>> {
  const live = new Set<string>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += CHUNK) {
    const rows = await db.select({ id: sessions.id }).from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(
        inArray(sessions.id, unique.slice(i, i + CHUNK)),
        eq(sessions.scope, "full"),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        isNull(users.deletedAt),
      ));
    rows.forEach((r) => live.add(r.id));
  }
  return live;
}
