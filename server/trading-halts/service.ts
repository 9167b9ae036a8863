// Halting and releasing trading. Every change is audited and announced to every open screen on
// every instance (the hub publishes over the bus), which then reads the halts that concern it.
import { and, desc, eq, isNull, or } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { SessionUser } from "../auth/sessions.ts";
import { recordAudit } from "../audit/record.ts";
import { notFound } from "../core/errors.ts";
import { ROLES, tradingHalts, users } from "../db/schema.ts";
import type { Deps } from "../deps.ts";
import { assertCanActOn, findTarget } from "../auth/guards.ts";
import { can } from "../auth/roles.shared.ts";
import type { CreateHaltInput, HaltView } from "./schema.ts";
import { msg } from "../core/messages.shared.ts";

type HaltRow = typeof tradingHalts.$inferSelect;

export async function createHalt(
  deps: Pick<Deps, "clock" | "db" | "realtime">,
  actor: SessionUser,
  input: CreateHaltInput,
) {
  if (input.scope === "user") assertCanActOn(actor, await findTarget(deps.db, input.userId!));
  const [row] = await deps.db.insert(tradingHalts).values({
    scope: input.scope,
    exchange: input.scope === "exchange" ? input.exchange : null,
    userId: input.scope === "user" ? input.userId : null,
    reason: input.reason,
    stopsClosing: input.stopsClosing,
    createdBy: actor.id,
    createdAt: deps.clock.now(),
  }).returning();
  await changed(deps, actor, "trading.halted", row);
  return (await haltViews(deps, eq(tradingHalts.id, row.id)))[0];
}

export async function releaseHalt(
  deps: Pick<Deps, "clock" | "db" | "realtime">,
  actor: SessionUser,
  id: number,
) {
  const [row] = await deps.db.update(tradingHalts)
    .set({ releasedAt: deps.clock.now(), releasedBy: actor.id })
    .where(and(eq(tradingHalts.id, id), isNull(tradingHalts.releasedAt)))
    .returning();
  if (!row) throw notFound(msg("halts.notFound", { id }));
  await changed(deps, actor, "trading.released", row);
  return { id, released: true };
}

/** The active halts the user is under; those who may halt see every one. */
export function activeHaltsFor(deps: Pick<Deps, "db">, user: SessionUser): Promise<HaltView[]> {
  const h = tradingHalts;
  const mine = can(user.role, "trading.halt")
    ? undefined
    : or(eq(h.scope, "all"), eq(h.scope, "exchange"), eq(h.userId, user.id));
  return haltViews(deps, and(isNull(h.releasedAt), mine));
}

async function haltViews(
  deps: Pick<Deps, "db">,
  where: ReturnType<typeof and>,
): Promise<HaltView[]> {
  const h = tradingHalts;
  const target = alias(users, "target");
  const rows = await deps.db.select({ halt: h, username: target.username, by: users.username })
    .from(h)
    .innerJoin(users, eq(users.id, h.createdBy))
    .leftJoin(target, eq(target.id, h.userId))
    .where(where)
    .orderBy(desc(h.id));
  return rows.map(({ halt, username, by }) => ({
    id: halt.id,
    scope: halt.scope,
    exchange: halt.exchange,
    userId: halt.userId,
    username,
    reason: halt.reason,
    stopsClosing: halt.stopsClosing,
    createdBy: by,
    createdAt: halt.createdAt.getTime(),
  }));
}

async function changed(
  deps: Pick<Deps, "clock" | "db" | "realtime">,
  actor: SessionUser,
  action: "trading.halted" | "trading.released",
  row: HaltRow,
) {
  await recordAudit(deps.db, {
    actorId: actor.id,
    action,
    targetUserId: row.userId,
    details: {
      haltId: row.id,
      scope: row.scope,
      ...row.exchange ? { exchange: row.exchange } : {},
      reason: row.reason,
      stopsClosing: row.stopsClosing,
    },
    at: deps.clock.now(),
  });
  await deps.realtime?.hub.publish({ roles: [...ROLES] }, { type: "trading-halts-changed" });
}
