// Shift reports: one per user per day, saved from the Shift Report form. No HTTP here.
import { and, eq, sql } from "drizzle-orm";
import { recordAudit } from "../audit/record.ts";
import type { SessionUser } from "../auth/sessions.ts";
import { dec } from "../core/decimal.shared.ts";
import { conflict, forbidden, notFound } from "../core/errors.ts";
import { shiftReports, users } from "../db/schema.ts";
import type { Deps } from "../deps.ts";
import { can } from "../auth/roles.shared.ts";
import {
  SHIFT_AMOUNT_FIELDS,
  type shiftReportUpdateSchema,
  type ShiftReportValues,
  type ShiftReportView,
} from "./schema.ts";
import type { z } from "zod";
import { msg } from "../core/messages.shared.ts";

type Row = typeof shiftReports.$inferSelect;

/** "Today" is the UTC calendar day of the server clock. */
export const reportDay = (now: Date) => now.toISOString().slice(0, 10);

function toView(row: Row, username: string): ShiftReportView {
  const amounts = Object.fromEntries(
    SHIFT_AMOUNT_FIELDS.map((f) => [f, dec(row[f]).toFixed()]),
  ) as Pick<ShiftReportValues, (typeof SHIFT_AMOUNT_FIELDS)[number]>;
  return {
    id: row.id,
    userId: row.userId,
    username,
    reportDate: row.reportDate,
    account: row.account,
    ...amounts,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function createShiftReport(
  deps: Pick<Deps, "clock" | "db">,
  user: SessionUser,
  input: ShiftReportValues,
) {
  const now = deps.clock.now();
  const day = reportDay(now);
  const row = await deps.db.transaction(async (tx) => {
    // Serialises a user's concurrent saves so the one-per-day check below holds.
    await tx.execute(sql`select pg_advisory_xact_lock(7, ${user.id})`);
    const [existing] = await tx.select({ id: shiftReports.id }).from(shiftReports)
      .where(and(eq(shiftReports.userId, user.id), eq(shiftReports.reportDate, day))).limit(1);
    if (existing) {
      throw conflict(msg("shiftReports.alreadyToday", { id: existing.id }));
    }
    const [row] = await tx.insert(shiftReports).values({
      ...input,
      userId: user.id,
      reportDate: day,
      createdAt: now,
      updatedAt: now,
    }).returning();
    return row;
  });
  return toView(row, user.username);
}

/** The caller's report of today, or null when there is none yet. */
export async function todayShiftReport(deps: Pick<Deps, "clock" | "db">, user: SessionUser) {
  const [row] = await deps.db.select().from(shiftReports).where(and(
    eq(shiftReports.userId, user.id),
    eq(shiftReports.reportDate, reportDay(deps.clock.now())),
  )).limit(1);
  return row ? toView(row, user.username) : null;
}

export async function updateShiftReport(
  deps: Pick<Deps, "clock" | "db">,
  actor: SessionUser,
  id: number,
  input: z.output<typeof shiftReportUpdateSchema>,
) {
  const [found] = await deps.db.select({ report: shiftReports, username: users.username })
    .from(shiftReports).innerJoin(users, eq(users.id, shiftReports.userId))
    .where(eq(shiftReports.id, id)).limit(1);
  if (!found) throw notFound(msg("shiftReports.notFound", { id }));
  const { report } = found;
  const now = deps.clock.now();
  const editAny = can(actor.role, "shiftReports.editAny");
  if (!editAny && report.userId !== actor.id) throw forbidden();
  if (!editAny && report.reportDate !== reportDay(now)) {
    throw forbidden(msg("shiftReports.todayOnly"));
  }
  const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  const row = await deps.db.transaction(async (tx) => {
    const [row] = await tx.update(shiftReports).set({ ...changes, updatedAt: now })
      .where(eq(shiftReports.id, id)).returning();
    if (report.userId !== actor.id) {
      await recordAudit(tx, {
        actorId: actor.id,
        action: "shiftReport.update",
        targetUserId: report.userId,
        details: { shiftReportId: id, fields: Object.keys(changes) },
        at: now,
      });
    }
    return row;
  });
  return toView(row, found.username);
}
