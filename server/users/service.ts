// Creating users and changing their fields. No HTTP here.
import { and, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import { recordAudit } from "../audit/record.ts";
import { hashPassword } from "../auth/password.ts";
import type { SessionUser } from "../auth/sessions.ts";
import { AppError, badRequest, conflict, notFound } from "../core/errors.ts";
import type { Db } from "../db/client.ts";
import { botKeys, users } from "../db/schema.ts";
import type { Deps } from "../deps.ts";
import { assertCanActOn, assertCanGiveRole, findTarget } from "../auth/guards.ts";
import { toPublicUser } from "../auth/public-user.shared.ts";
import { can } from "../auth/roles.shared.ts";
import { type newUserSchema, SELF_FIELDS, type UpdateUserInput } from "./schema.ts";
import { newUniqueId } from "./unique-id.ts";
import { userChanged } from "../auth/user-changed.ts";
import { msg } from "../core/messages.shared.ts";
import { assertOffered } from "../exchanges/markets/offered.ts";

const takenUsername = (u: string) =>
  conflict(msg("users.usernameTaken", { username: u }), "username");
const takenEmail = (e: string) => conflict(msg("users.emailTaken", { email: e }), "email");

/** The unique index a failed insert or update hit, or null for any other error. */
function violatedIndex(err: unknown): string | null {
  for (let e = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code, constraint, constraint_name } = e as Record<string, unknown>;
    if (code === "23505") return String(constraint_name ?? constraint ?? "");
  }
  return null;
}

async function liveUserWhere(db: Db, column: "username" | "email", value: string, except = 0) {
  const [row] = await db.select({ id: users.id }).from(users).where(and(
    sql`lower(${users[column]}) = ${value.toLowerCase()}`,
    isNull(users.deletedAt),
    ne(users.id, except),
  )).limit(1);
  return row ?? null;
}

export async function registerUser(
  deps: Pick<Deps, "clock" | "db" | "passwordCost">,
  actor: SessionUser,
  input: z.output<typeof newUserSchema>,
) {
  assertCanGiveRole(actor, input.role);
  // Checked first for a clear message; the unique indexes settle any race below.
  if (await liveUserWhere(deps.db, "username", input.username)) {
    throw takenUsername(input.username);
  }
  if (await liveUserWhere(deps.db, "email", input.email)) throw takenEmail(input.email);
  const passwordHash = await hashPassword(input.password, deps.passwordCost);
  const now = deps.clock.now();
  for (let attempt = 0;; attempt++) {
    try {
      return await deps.db.transaction(async (tx) => {
        const [row] = await tx.insert(users).values({
          username: input.username,
          email: input.email,
          passwordHash,
          role: input.role,
          firstName: input.firstName || null,
          lastName: input.lastName || null,
          uniqueId: newUniqueId(),
          createdAt: now,
          updatedAt: now,
        }).returning();
        await recordAudit(tx, {
          actorId: actor.id,
          action: "user.created",
          targetUserId: row.id,
          details: { username: row.username, email: row.email, role: row.role },
          at: now,
        });
        return toPublicUser(row);
      });
    } catch (err) {
      const index = violatedIndex(err);
      if (index === "users_unique_id" && attempt < 5) continue;
      if (index === "users_username_live") throw takenUsername(input.username);
      if (index === "users_email_live") throw takenEmail(input.email);
      throw err;
    }
  }
}

/**
 * Admin up changes anything on users at or below them (themselves included); everyone else only
 * the SELF_FIELDS of their own account, selectBots from Lead up.
 */
function assertMayChange(actor: SessionUser, target: SessionUser, fields: string[]) {
  if (can(actor.role, "users.editOthers")) {
    if (actor.id !== target.id) assertCanActOn(actor, target);
  } else {
    if (actor.id !== target.id) {
      throw new AppError("FORBIDDEN", msg("users.ownSettingsOnly"));
    }
    const adminOnly = fields.filter((f) => !(SELF_FIELDS as readonly string[]).includes(f));
    if (adminOnly.length) {
      throw new AppError(
        "FORBIDDEN",
        msg("users.adminOnlyFields", { fields: adminOnly.join(", ") }),
      );
    }
  }
  if (
    fields.includes("selectBots") &&
    !(can(actor.role, "bots.select") && can(target.role, "bots.select"))
  ) {
    throw new AppError("FORBIDDEN", msg("users.botSelectLeadOnly"));
  }
}

async function assertBotKeysExist(db: Db, ids: number[]) {
  if (!ids.length) return;
  const found = await db.select({ id: botKeys.id }).from(botKeys)
    .where(and(inArray(botKeys.id, ids), isNull(botKeys.deletedAt)));
  const missing = ids.filter((id) => !found.some((f) => f.id === id));
  if (missing.length) {
    throw badRequest(msg("users.unknownBotKey", { ids: missing.join(", ") }), "selectBots");
  }
}

export async function updateUser(
  deps: Pick<Deps, "clock" | "db" | "exchanges" | "onUserChanged" | "sessionCache">,
  actor: SessionUser,
  id: number,
  input: UpdateUserInput,
) {
  const target = await findTarget(deps.db, id);
  assertMayChange(actor, target, Object.keys(input));
  const values = { ...input };
  if (values.selectBots) {
    values.selectBots = [...new Set(values.selectBots)];
    await assertBotKeysExist(deps.db, values.selectBots);
  }
  if (values.email && await liveUserWhere(deps.db, "email", values.email, target.id)) {
    throw takenEmail(values.email);
  }
  // The pair saved with a trading exchange must be one it trades (the pickers offer only those).
  const exchange = values.exchange ?? target.exchange;
  if (values.pair && (exchange === "binance" || exchange === "gate")) {
    await assertOffered(deps.exchanges.markets(), exchange, values.pair);
  }
  const names = {
    ...("firstName" in values ? { firstName: values.firstName || null } : {}),
    ...("lastName" in values ? { lastName: values.lastName || null } : {}),
  };
  const now = deps.clock.now();
  try {
    const updated = await deps.db.transaction(async (tx) => {
      const [row] = await tx.update(users).set({ ...values, ...names, updatedAt: now })
        .where(and(eq(users.id, target.id), isNull(users.deletedAt))).returning();
      if (!row) throw notFound(msg("users.notFound", { id }));
      await recordAudit(tx, {
        actorId: actor.id,
        action: "user.updated",
        targetUserId: target.id,
        details: { changes: { ...values, ...names } },
        at: now,
      });
      return toPublicUser(row);
    });
    userChanged(deps, target.id);
    return updated;
  } catch (err) {
    if (violatedIndex(err) === "users_email_live") throw takenEmail(values.email ?? "");
    throw err;
  }
}
