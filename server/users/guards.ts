// Checks on the target of an action, on top of the caller's permission from the rule table.
import { and, eq, isNull } from "drizzle-orm";
import { AppError, notFound } from "../core/errors.ts";
import type { Db } from "../db/client.ts";
import { users } from "../db/schema.ts";
import type { SessionUser } from "../auth/sessions.ts";
import { canActOn, type Role, roleLevel } from "./roles.ts";
import { ROLE_ABOVE_OWN } from "./schema.ts";
import { findLiveUserById } from "./find.ts";

export async function findTarget(db: Db, id: number) {
  const target = await findLiveUserById(db, id);
  if (!target) throw notFound(`User ${id} not found.`);
  return target;
}

/** Nobody but a SuperAdmin acts on a user at or above their own role. */
export function assertCanActOn(actor: SessionUser, target: SessionUser) {
  if (!canActOn(actor.role, target.role)) {
    throw new AppError("FORBIDDEN", "You cannot act on a user at or above your own role.");
  }
}

/** A role may give only roles at or below its own. */
export function assertCanGiveRole(actor: SessionUser, role: Role) {
  if (roleLevel(role) > roleLevel(actor.role)) throw new AppError("FORBIDDEN", ROLE_ABOVE_OWN);
}

/**
 * Refuses to remove the last live SuperAdmin. The rows are locked so two requests demoting or
 * deleting the last two SuperAdmins at once cannot both pass; call inside a transaction.
 */
export async function assertNotLastSuperAdmin(tx: Db, target: SessionUser, what: string) {
  if (target.role !== "SuperAdmin") return;
  const supers = await tx.select({ id: users.id }).from(users)
    .where(and(eq(users.role, "SuperAdmin"), isNull(users.deletedAt)))
    .for("update");
  if (!supers.some((s) => s.id === target.id)) return;
  if (supers.length <= 1) throw new AppError("CONFLICT", `Cannot ${what} the last SuperAdmin.`);
}
