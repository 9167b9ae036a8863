// Shifts: a start hour, an interval and the users on them. No HTTP here.
import { and, count, desc, eq, inArray, isNull } from "drizzle-orm";
import type { z } from "zod";
import type { AuditAction } from "../audit/actions.shared.ts";
import { recordAudit } from "../audit/record.ts";
import type { SessionUser } from "../auth/sessions.ts";
import { badRequest, notFound } from "../core/errors.ts";
import type { Db } from "../db/client.ts";
import { shifts, users } from "../db/schema.ts";
import type { Deps } from "../deps.ts";
import type {
  shiftCreateSchema,
  shiftListQuerySchema,
  shiftUpdateSchema,
  ShiftView,
} from "./schema.ts";
import { shiftTime } from "./shift-time.shared.ts";
import { msg } from "../core/messages.shared.ts";

type ShiftRow = typeof shifts.$inferSelect;

async function usernames(db: Db, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db.select({ id: users.id, username: users.username }).from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.username]));
}

/** Every id must name a live user: a shift never lists someone who cannot sign in. */
async function assertLiveUsers(db: Db, ids: number[]) {
  if (ids.length === 0) return;
  const rows = await db.select({ id: users.id }).from(users)
    .where(and(inArray(users.id, ids), isNull(users.deletedAt)));
  const found = new Set(rows.map((r) => r.id));
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined) throw badRequest(msg("shifts.unknownUser", { id: missing }), "users");
}

function toView(row: ShiftRow, names: Map<number, string>): ShiftView {
  return {
    id: row.id,
    timeStart: row.timeStart.toISOString(),
    timeEnd: row.timeEnd.toISOString(),
    interval: row.interval,
    users: row.userIds.filter((id) => names.has(id)).map((id) => ({
      id,
      username: names.get(id)!,
    })),
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listShifts(
  deps: Pick<Deps, "db">,
  query: z.output<typeof shiftListQuerySchema>,
) {
  const rows = await deps.db.select().from(shifts).orderBy(desc(shifts.id))
    .limit(query.limit).offset((query.page - 1) * query.limit);
  const [{ total }] = await deps.db.select({ total: count() }).from(shifts);
  const names = await usernames(deps.db, [...new Set(rows.flatMap((r) => r.userIds))]);
  return { items: rows.map((r) => toView(r, names)), totalItems: total };
}

async function findShift(db: Db, id: number) {
  const [row] = await db.select().from(shifts).where(eq(shifts.id, id)).limit(1);
  if (!row) throw notFound(msg("shifts.notFound", { id }));
  return row;
}

/** The start, end and interval columns of a shift, from its form's time fields. */
function timeColumns(timeStart: number, interval: number, tzOffset: number | undefined) {
  const time = shiftTime(timeStart, interval, tzOffset);
  return {
    timeStart: new Date(time.timeStart),
    timeEnd: new Date(time.timeEnd),
    interval: time.interval,
  };
}

/** A shift's write and its audit line commit together, or neither does. */
function audited<T extends { id: number }>(
  deps: Pick<Deps, "clock" | "db">,
  actor: SessionUser,
  action: AuditAction,
  write: (tx: Db) => Promise<T>,
) {
  return deps.db.transaction(async (tx) => {
    const done = await write(tx);
    await recordAudit(tx, {
      actorId: actor.id,
      action,
      details: { shiftId: done.id },
      at: deps.clock.now(),
    });
    return done;
  });
}

/** Writes one shift row with its audit line; answers the row as the API shows it. */
async function writeShift(
  deps: Pick<Deps, "clock" | "db">,
  actor: SessionUser,
  action: AuditAction,
  write: (tx: Db) => Promise<ShiftRow[]>,
) {
  const row = await audited(deps, actor, action, async (tx) => (await write(tx))[0]);
  return toView(row, await usernames(deps.db, row.userIds));
}

export async function createShift(
  deps: Pick<Deps, "clock" | "db">,
  actor: SessionUser,
  input: z.output<typeof shiftCreateSchema>,
) {
  await assertLiveUsers(deps.db, input.users);
  return await writeShift(deps, actor, "shift.create", (tx) =>
    tx.insert(shifts).values({
      ...timeColumns(input.timeStart, input.interval, input.tzOffset),
      userIds: input.users,
      createdBy: actor.id,
      createdAt: deps.clock.now(),
    }).returning());
}

export async function updateShift(
  deps: Pick<Deps, "clock" | "db">,
  actor: SessionUser,
  id: number,
  input: z.output<typeof shiftUpdateSchema>,
) {
  const current = await findShift(deps.db, id);
  if (input.users) await assertLiveUsers(deps.db, input.users);
  return await writeShift(deps, actor, "shift.update", (tx) =>
    tx.update(shifts).set({
      ...timeColumns(
        input.timeStart ?? current.timeStart.getTime(),
        input.interval ?? current.interval,
        input.tzOffset,
      ),
      userIds: input.users ?? current.userIds,
    }).where(eq(shifts.id, id)).returning());
}

export async function deleteShift(
  deps: Pick<Deps, "clock" | "db">,
  actor: SessionUser,
  id: number,
) {
  await findShift(deps.db, id);
  return await audited(deps, actor, "shift.delete", async (tx) => {
    await tx.delete(shifts).where(eq(shifts.id, id));
    return { id };
  });
}
