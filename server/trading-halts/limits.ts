// Per-user, per-exchange caps on order amounts, set by Admins; guard.ts enforces them.
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { SessionUser } from "../auth/sessions.ts";
import { recordAudit } from "../audit/record.ts";
import { tradingLimits, users } from "../db/schema.ts";
import type { Deps } from "../deps.ts";
import { assertCanActOn, findTarget } from "../auth/guards.ts";
import type { LimitView, SetLimitInput } from "./schema.ts";

/** Both maxima null removes the limit. Answers the user's limits after the change. */
export async function setLimit(
  deps: Pick<Deps, "clock" | "db">,
  actor: SessionUser,
  input: SetLimitInput,
) {
  assertCanActOn(actor, await findTarget(deps.db, input.userId));
  const key = and(
    eq(tradingLimits.userId, input.userId),
    sql`${tradingLimits.exchange}::text = ${input.exchange}`,
  );
  const now = deps.clock.now();
  if (input.maxPerOrder === null && input.maxPerDay === null) {
    await deps.db.delete(tradingLimits).where(key);
  } else {
    const values = {
      maxPerOrder: input.maxPerOrder,
      maxPerDay: input.maxPerDay,
      updatedBy: actor.id,
      updatedAt: now,
    };
    await deps.db.insert(tradingLimits)
      .values({ userId: input.userId, exchange: input.exchange, ...values })
      .onConflictDoUpdate({ target: [tradingLimits.userId, tradingLimits.exchange], set: values });
  }
  await recordAudit(deps.db, {
    actorId: actor.id,
    action: "trading.limits_set",
    targetUserId: input.userId,
    details: {
      exchange: input.exchange,
      maxPerOrder: input.maxPerOrder,
      maxPerDay: input.maxPerDay,
    },
    at: now,
  });
  return await listLimits(deps, input.userId);
}

/** Every live user's limits, or one user's. */
export async function listLimits(deps: Pick<Deps, "db">, userId?: number): Promise<LimitView[]> {
  const l = tradingLimits;
  const rows = await deps.db.select({ limit: l, username: users.username }).from(l)
    .innerJoin(users, eq(users.id, l.userId))
    .where(and(isNull(users.deletedAt), userId ? eq(l.userId, userId) : undefined))
    .orderBy(asc(users.username), asc(l.exchange));
  return rows.map(({ limit, username }) => ({
    userId: limit.userId,
    username,
    exchange: limit.exchange,
    maxPerOrder: limit.maxPerOrder,
    maxPerDay: limit.maxPerDay,
    updatedAt: limit.updatedAt.getTime(),
  }));
}
