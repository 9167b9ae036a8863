// Server-side sessions: the bearer token is random, the table keeps only its hash.
import { and, eq, isNull } from "drizzle-orm";
import { randomHex, sha256Hex } from "../core/hex.ts";
import type { Database, Db } from "../db/client.ts";
import { rawShape, textRows } from "../db/raw-rows.ts";
import { sessions, users } from "../db/schema.ts";
import type { FoundSession, SessionCache } from "./session-cache.ts";
import type { SESSION_SCOPES } from "../db/schema.ts";

export type SessionScope = (typeof SESSION_SCOPES)[number];
export type SessionUser = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

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

const sessionShape = rawShape(sessions, "s.");
const userShape = rawShape(users, "u.");

/** Runs on every request the session cache misses: SQL text, prepared, mapped by hand. */
const LOOKUP = `select ${sessionShape.select}, ${userShape.select}
  from "sessions" join "users" on "users"."id" = "sessions"."user_id"
  where "sessions"."id" = $1 and "sessions"."revoked_at" is null
    and "sessions"."expires_at" > $2::timestamptz and "users"."deleted_at" is null
  limit 1`;

/**
 * The live session and its user for a token, or null when unknown, revoked or expired. With a
 * cache, a recent answer is reused (server/auth/session-cache.ts); unknown tokens are never cached.
 */
export async function resolveSession(
  database: Pick<Database, "db" | "sql">,
  token: string,
  now: Date,
  cache?: SessionCache,
): Promise<FoundSession | null> {
  if (!/^[0-9a-f]{64}$/.test(token)) return null;
  const cached = cache?.get(token, now);
  if (cached) return cached;
  const ticket = cache?.ticket();
  const [row] = await textRows<Record<string, unknown>>(database, LOOKUP, [
    await sha256Hex(token),
    now.toISOString(),
  ]);
  if (!row) return null;
  const found = { session: sessionShape.read(row), user: userShape.read(row) };
  if (cache && ticket !== undefined) cache.set(token, found, ticket);
  return found;
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
