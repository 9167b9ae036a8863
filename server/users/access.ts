// Role changes, deletion and password changes by an Admin: each ends the target's sessions at once.
import { and, eq, isNull } from "drizzle-orm";
import type { z } from "zod";
import type { AuditAction } from "../audit/actions.shared.ts";
import { recordAudit } from "../audit/record.ts";
import type { SessionUser } from "../auth/sessions.ts";
import { type PasswordDeps, setPassword } from "../auth/service.ts";
import { badRequest, notFound } from "../core/errors.ts";
import { users } from "../db/schema.ts";
import {
  assertCanActOn,
  assertCanGiveRole,
  assertNotLastSuperAdmin,
  findTarget,
} from "../auth/guards.ts";
import { toPublicUser } from "../auth/public-user.shared.ts";
import { notifyRevoked, type RevokeDeps, revokeSessionsIn } from "../auth/revoke.ts";
import { can, type Role } from "../auth/roles.shared.ts";
import type { adminChangePasswordSchema } from "./schema.ts";
import { answer, msg } from "../core/messages.shared.ts";

export async function changeRole(deps: RevokeDeps, actor: SessionUser, id: number, role: Role) {
  const target = await findTarget(deps.db, id);
  assertCanActOn(actor, target);
  assertCanGiveRole(actor, role);
  if (target.role === role) return toPublicUser(target);
  const row = await changeLiveUser(deps, actor, target, {
    unless: "demote",
    set: (now) => ({
      role,
      // Bot-key selection belongs to Lead and above only.
      ...(can(role, "bots.select") ? {} : { selectBots: [] }),
      updatedAt: now,
    }),
    action: "user.role_changed",
    details: { from: target.role, to: role },
  });
  return toPublicUser(row);
}

/** Soft delete: the row stays so the user's transactions keep an owner. */
export async function deleteUser(deps: RevokeDeps, actor: SessionUser, id: number) {
  if (actor.id === id) throw badRequest(msg("users.cannotDeleteSelf"));
  const target = await findTarget(deps.db, id);
  assertCanActOn(actor, target);
  await changeLiveUser(deps, actor, target, {
    unless: "delete",
    set: (now) => ({ deletedAt: now, updatedAt: now }),
    action: "user.deleted",
    details: { username: target.username, role: target.role },
  });
  return { id: target.id, ...answer(msg("users.deleted")) };
}

/**
 * Writes the target's row, ends their sessions and records the change in one transaction (unless
 * it would remove the last SuperAdmin); the hub is told once it has committed.
 */
async function changeLiveUser(
  deps: RevokeDeps,
  actor: SessionUser,
  target: SessionUser,
  change: {
    unless: "demote" | "delete";
    set: (now: Date) => Partial<typeof users.$inferInsert>;
    action: AuditAction;
    details: Record<string, unknown>;
  },
) {
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    await assertNotLastSuperAdmin(tx, target, change.unless);
    const [row] = await tx.update(users).set(change.set(now))
      .where(and(eq(users.id, target.id), isNull(users.deletedAt))).returning();
    if (!row) throw notFound(msg("users.notFound", { id: target.id }));
    await revokeSessionsIn(deps, tx, target.id);
    await recordAudit(tx, {
      actorId: actor.id,
      action: change.action,
      targetUserId: target.id,
      details: change.details,
      at: now,
    });
    return row;
  });
  notifyRevoked(deps, target.id);
  return row;
}

export async function adminChangePassword(
  deps: PasswordDeps,
  actor: SessionUser,
  input: z.output<typeof adminChangePasswordSchema>,
) {
  if (actor.id === input.userId) {
    throw badRequest(msg("users.useChangePassword"), "userId");
  }
  const target = await findTarget(deps.db, input.userId);
  assertCanActOn(actor, target);
  await setPassword(deps, { userId: target.id, password: input.newPassword }, {
    actorId: actor.id,
    action: "user.password_set",
  });
  return answer(msg("auth.passwordChanged"));
}
