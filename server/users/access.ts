// Role changes, deletion and password changes by an Admin: each ends the target's sessions at once.
import { and, eq, isNull } from "drizzle-orm";
import type { z } from "zod";
import { recordAudit } from "../audit/record.ts";
import type { SessionUser } from "../auth/sessions.ts";
import { setPassword } from "../auth/service.ts";
import { badRequest, notFound } from "../core/errors.ts";
import { users } from "../db/schema.ts";
import type { Deps } from "../deps.ts";
import {
  assertCanActOn,
  assertCanGiveRole,
  assertNotLastSuperAdmin,
  findTarget,
} from "../auth/guards.ts";
import { toPublicUser } from "../auth/public-user.shared.ts";
import { notifyRevoked, revokeSessionsIn } from "../auth/revoke.ts";
import { can, type Role } from "../auth/roles.shared.ts";
import type { adminChangePasswordSchema } from "./schema.ts";
import { msg } from "../core/messages.shared.ts";

export async function changeRole(deps: Deps, actor: SessionUser, id: number, role: Role) {
  const target = await findTarget(deps.db, id);
  assertCanActOn(actor, target);
  assertCanGiveRole(actor, role);
  if (target.role === role) return toPublicUser(target);
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    await assertNotLastSuperAdmin(tx, target, "demote");
    const [row] = await tx.update(users).set({
      role,
      // Bot-key selection belongs to Lead and above only.
      ...(can(role, "bots.select") ? {} : { selectBots: [] }),
      updatedAt: now,
    }).where(and(eq(users.id, target.id), isNull(users.deletedAt))).returning();
    if (!row) throw notFound(msg("users.notFound", { id }));
    await revokeSessionsIn(deps, tx, target.id);
    await recordAudit(tx, {
      actorId: actor.id,
      action: "user.role_changed",
      targetUserId: target.id,
      details: { from: target.role, to: role },
      at: now,
    });
    return row;
  });
  notifyRevoked(deps, target.id);
  return toPublicUser(row);
}

/** Soft delete: the row stays so the user's transactions keep an owner. */
export async function deleteUser(deps: Deps, actor: SessionUser, id: number) {
  if (actor.id === id) throw badRequest(msg("users.cannotDeleteSelf"));
  const target = await findTarget(deps.db, id);
  assertCanActOn(actor, target);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await assertNotLastSuperAdmin(tx, target, "delete");
    const [row] = await tx.update(users).set({ deletedAt: now, updatedAt: now })
      .where(and(eq(users.id, target.id), isNull(users.deletedAt))).returning({ id: users.id });
    if (!row) throw notFound(msg("users.notFound", { id }));
    await revokeSessionsIn(deps, tx, target.id);
    await recordAudit(tx, {
      actorId: actor.id,
      action: "user.deleted",
      targetUserId: target.id,
      details: { username: target.username, role: target.role },
      at: now,
    });
  });
  notifyRevoked(deps, target.id);
  return { id: target.id, message: "User deleted." };
}

export async function adminChangePassword(
  deps: Deps,
  actor: SessionUser,
  input: z.output<typeof adminChangePasswordSchema>,
) {
  if (actor.id === input.userId) {
    throw badRequest(msg("users.useChangePassword"), "userId");
  }
  const target = await findTarget(deps.db, input.userId);
  assertCanActOn(actor, target);
  await setPassword(deps, target.id, input.newPassword);
  await recordAudit(deps.db, {
    actorId: actor.id,
    action: "user.password_set",
    targetUserId: target.id,
    at: deps.clock.now(),
  });
  return { message: "Change Password Success" };
}
