// Checks on the target of an action, on top of the caller's permission from the rule table.
import { and, eq, isNull } from "drizzle-orm";
import { AppError, notFound } from "../core/errors.ts";
import type { Db } from "../db/client.ts";
import { users } from "../db/schema.ts";
import type { SessionUser } from "./sessions.ts";
import { canActOn, type Role, roleLevel } from "./roles.shared.ts";
import { findLiveUserById } from "./find-user.ts";
import { msg } from "../core/messages.shared.ts";

export async function findTarget(db: Db, id: number) {
  const target = await findLiveUserById(db, id);
  if (!target) throw notFound(msg("users.notFound", { id }));
  return target;
}

/** Nobody but a SuperAdmin acts on a user at or above their own role. */
export function assertCanActOn(actor: SessionUser, target: SessionUser) {
  if (!canActOn(actor.role, target.role)) {
    throw new AppError("FORBIDDEN", msg("users.aboveOwnRole"));
  }
}

/** A role may give only roles at or below its own. */
export function assertCanGiveRole(actor: SessionUser, role: Role) {
  if (roleLevel(role) > roleLevel(actor.role)) {
    throw new AppError("FORBIDDEN", msg("users.roleAboveOwn"));
  }
}

/**
 * Refuses to remove the last live SuperAdmin. The rows are locked so two requests demoting or
 * deleting the last two SuperAdmins at once cannot both pass; call inside a transaction.
 */
export async function assertNotLastSuperAdmin(
  tx: Db,
  target: SessionUser,
  what: "demote" | "delete",
) {
  if (target.role !== "SuperAdmin") return;
  const supers = await tx.select({ id: users.id }).from(users)
    .where(and(eq(users.role, "SuperAdmin"), isNull(users.deletedAt)))
    .for("update");
  if (!supers.some((s) => s.id === target.id)) return;
  if (supers.length <= 1) throw new AppError("CONFLICT", msg(`users.lastSuperAdmin.${what}`));
}
