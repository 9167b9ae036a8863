// Sign-in attempts slow down instead of locking: past a few free attempts, each failure doubles
// the wait before the next one is checked, per username (over every address) and per client
// address (over every username). Attempts are counted before they are checked, under a row lock
// per key, so parallel attempts cannot all slip through (on PGlite and PostgreSQL alike); a
// success takes its own count back. While a username waits, a sign-in is still read but only the
// whole proof (right password and a current code) gets in, and anything less is answered as the
// wait: guesses from many addresses tell the attacker nothing, and the right person is never kept
// out by them (docs/roles.md, "Sign-in throttling").
import { and, asc, eq, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { loginThrottle } from "../db/schema.ts";

interface Backoff {
  /** Attempts checked without a wait. */
  free: number;
  firstWaitMs: number;
  maxWaitMs: number;
}

export const THROTTLE = {
  /** A key quiet this long starts again from nothing. */
  windowMs: 15 * 60_000,
  username: { free: 3, firstWaitMs: 1000, maxWaitMs: 15 * 60_000 } satisfies Backoff,
  address: { free: 10, firstWaitMs: 1000, maxWaitMs: 15 * 60_000 } satisfies Backoff,
};

/** The wait after the `attempts`-th attempt: none while free, then 1 s, 2 s, 4 s ... capped. */
export function waitAfter(b: Backoff, attempts: number) {
  if (attempts <= b.free) return 0;
  return Math.min(b.maxWaitMs, b.firstWaitMs * 2 ** Math.min(attempts - b.free - 1, 30));
}

/** What is throttled: sign-in, and each forgot-* call on its own. */
export type ThrottleKind = "login" | "forgot-password" | "forgot-2fa";

// Well-formed first: the database stores a lone surrogate as U+FFFD, and the key read back must be
// the key written.
const keysOf = (kind: ThrottleKind, username: string, ip: string) => ({
  user: `${kind}:user:${username.toWellFormed().toLowerCase()}`,
  ip: `${kind}:ip:${ip.toWellFormed()}`,
});

export type Turn =
  | { allowed: true; proofOnlyMs?: undefined }
  /** The username waits this long: only the whole proof passes (sign-in only). */
  | { allowed: true; proofOnlyMs: number }
  | { allowed: false; by: "username" | "address"; retryAfterMs: number };

/** Counts an attempt before it is checked, or refuses it while its wait runs. */
export async function takeTurn(
  db: Db,
  kind: ThrottleKind,
  username: string,
  ip: string,
  now: Date,
): Promise<Turn> {
  const keys = keysOf(kind, username, ip);
  // Keys quiet for a window carry nothing; trimming them here keeps the table small without a job.
  const quietSince = new Date(now.getTime() - THROTTLE.windowMs);
  await db.delete(loginThrottle)
    .where(and(lt(loginThrottle.lastAt, quietSince), lt(loginThrottle.nextAt, now)));
  return await db.transaction(async (tx): Promise<Turn> => {
    const epoch = new Date(0);
    await tx.insert(loginThrottle)
      .values(
        [keys.ip, keys.user].map((key) => ({ key, failures: 0, lastAt: epoch, nextAt: epoch })),
      )
      .onConflictDoNothing();
    // Locked in key order, so two attempts never wait on each other's second row.
    const rows = await tx.select().from(loginThrottle)
      .where(inArray(loginThrottle.key, [keys.ip, keys.user]))
      .orderBy(asc(loginThrottle.key))
      .for("update");
    const row = (key: string) => rows.find((r) => r.key === key)!;
    const address = row(keys.ip);
    const user = row(keys.user);
    const recent = (r: typeof address) =>
      now.getTime() - r.lastAt.getTime() > THROTTLE.windowMs ? 0 : r.failures;
    const waitOf = (r: typeof address) => r.nextAt.getTime() - now.getTime();
    if (waitOf(address) > 0) {
      return { allowed: false, by: "address", retryAfterMs: waitOf(address) };
    }
    const count = async (r: typeof address, backoff: Backoff) => {
      const failures = recent(r) + 1;
      await tx.update(loginThrottle).set({
        failures,
        lastAt: now,
        nextAt: new Date(now.getTime() + waitAfter(backoff, failures)),
      }).where(eq(loginThrottle.key, r.key));
    };
    // The address's budget is spent by every attempt; the username's wait grows only with the
    // attempts whose answer tells a password apart, so guesses during it do not lengthen it.
    await count(address, THROTTLE.address);
    if (waitOf(user) > 0) {
      if (kind !== "login") return { allowed: false, by: "username", retryAfterMs: waitOf(user) };
      return { allowed: true, proofOnlyMs: waitOf(user) };
    }
    await count(user, THROTTLE.username);
    return { allowed: true };
  });
}

/**
 * A sign-in that passed: the username starts again from nothing, and the address's count loses
 * this attempt (its other failures stay, so signing in to one account does not clear guesses at
 * others).
 */
export async function succeeded(db: Db, kind: ThrottleKind, username: string, ip: string) {
  const keys = keysOf(kind, username, ip);
  await db.delete(loginThrottle).where(eq(loginThrottle.key, keys.user));
  await db.update(loginThrottle)
    .set({ failures: sql`greatest(${loginThrottle.failures} - 1, 0)` })
    .where(eq(loginThrottle.key, keys.ip));
}
