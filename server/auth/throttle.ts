// Failed sign-ins are counted per username and per client address in the database, so several
// server instances share the count.
import { and, count, eq, gt, inArray, lt } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { loginFailures } from "../db/schema.ts";

export const THROTTLE = {
  windowMs: 15 * 60_000,
  perUsername: 5,
  perAddress: 20,
};

const userKey = (username: string) => `user:${username.toLowerCase()}`;
const ipKey = (ip: string) => `ip:${ip}`;

export async function isThrottled(db: Db, username: string, ip: string, now: Date) {
  const since = new Date(now.getTime() - THROTTLE.windowMs);
  const rows = await db.select({ key: loginFailures.key, n: count() }).from(loginFailures)
    .where(
      and(inArray(loginFailures.key, [userKey(username), ipKey(ip)]), gt(loginFailures.at, since)),
    )
    .groupBy(loginFailures.key);
  const of = (key: string) => rows.find((r) => r.key === key)?.n ?? 0;
  return of(userKey(username)) >= THROTTLE.perUsername || of(ipKey(ip)) >= THROTTLE.perAddress;
}

export async function recordFailure(db: Db, username: string, ip: string, now: Date) {
  await db.insert(loginFailures).values([
    { key: userKey(username), at: now },
    { key: ipKey(ip), at: now },
  ]);
  // Old rows carry no information; trimming them here keeps the table small without a job.
  await db.delete(loginFailures).where(
    lt(loginFailures.at, new Date(now.getTime() - THROTTLE.windowMs)),
  );
}

/** A successful sign-in clears the username's count (not the address's). */
export async function clearFailures(db: Db, username: string) {
  await db.delete(loginFailures).where(eq(loginFailures.key, userKey(username)));
}
