// Server-side sessions: the bearer token is random, the table keeps only its hash.
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { randomHex, sha256Hex } from "../core/hex.ts";
import type { Db } from "../db/client.ts";
import { sessions, users } from "../db/schema.ts";
import type { SESSION_SCOPES } from "../db/schema.ts";

export type SessionScope = (typeof SESSION_SCOPES)[number];
export type SessionUser = typeof users.$inferSelect;

export interface SessionInfo {
  ip?: string;
  userAgent?: string;
}

export async function createSession(
  db: Db,
  userId: number,
  scope: SessionScope,
  now: Date,
  ttlHours: number,
  info: SessionInfo = {},
): Promise<string> {
  const token = randomHex(32);
  await db.insert(sessions).values({
    id: await sha256Hex(token),
    userId,
    scope,
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttlHours * 3600_000),
    ip: info.ip,
    userAgent: info.userAgent?.slice(0, 300),
  });
  return token;
}

/**
 * Built once per database and prepared: this runs on every request, and building the query cost
 * several times what running it did.
 */
const lookups = new WeakMap<Db, ReturnType<typeof prepareLookup>>();

function prepareLookup(db: Db) {
  return db.select({ session: sessions, user: users }).from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(
      eq(sessions.id, sql.placeholder("id")),
      isNull(sessions.revokedAt),
      gt(sessions.expiresAt, sql.placeholder("now")),
      isNull(users.deletedAt),
    ))
    .limit(1)
    .prepare("session_lookup");
}

/** The live session and its user for a token, or null when unknown, revoked or expired. */
export async function resolveSession(db: Db, token: string, now: Date) {
  if (!/^[0-9a-f]{64}$/.test(token)) return null;
  let lookup = lookups.get(db);
  if (!lookup) lookups.set(db, lookup = prepareLookup(db));
  // The date as ISO text: a placeholder skips drizzle's own date encoding.
  const [row] = await lookup.execute({ id: await sha256Hex(token), now: now.toISOString() });
  return row ?? null;
}

export async function upgradeSession(db: Db, token: string) {
  await db.update(sessions).set({ scope: "full" }).where(eq(sessions.id, await sha256Hex(token)));
}

export async function revokeSession(db: Db, token: string, now: Date) {
  await db.update(sessions).set({ revokedAt: now }).where(
    and(eq(sessions.id, await sha256Hex(token)), isNull(sessions.revokedAt)),
  );
}

/** Revokes every live session of a user; returns how many were live. */
export async function revokeUserSessions(db: Db, userId: number, now: Date): Promise<number> {
  const rows = await db.update(sessions).set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length;
}
