// Finding users. Admins see the public user; a Lead sees id, username and role only (enough to
// pick call targets and bot-key owners).
import { and, asc, count, eq, ilike, isNull, type SQL } from "drizzle-orm";
import type { SessionUser } from "../auth/sessions.ts";
import { AppError } from "../core/errors.ts";
import { users } from "../db/schema.ts";
import type { Deps } from "../deps.ts";
import { toPublicUser } from "../auth/public-user.shared.ts";
import { can } from "../auth/roles.shared.ts";
import type { SearchUsersQuery } from "./schema.ts";
import { msg } from "../core/messages.shared.ts";

/** `%`, `_` and `\` typed by the user match themselves, not any text. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

export async function searchUsers(deps: Pick<Deps, "db">, actor: SessionUser, q: SearchUsersQuery) {
  const full = can(actor.role, "users.list");
  // Filtering by email would let a Lead find out emails one guess at a time.
  if (q.email && !full) throw new AppError("FORBIDDEN", msg("users.emailSearchAdminOnly"));
  const filters: SQL[] = [isNull(users.deletedAt)];
  if (q.username) filters.push(ilike(users.username, contains(q.username)));
  if (q.email) filters.push(ilike(users.email, contains(q.email)));
  if (q.role) filters.push(eq(users.role, q.role));
  const where = and(...filters);
  const [rows, [{ total }]] = await Promise.all([
    deps.db.select().from(users).where(where).orderBy(asc(users.id))
      .limit(q.limit).offset((q.page - 1) * q.limit),
    deps.db.select({ total: count() }).from(users).where(where),
  ]);
  const items = rows.map((u) =>
    full ? toPublicUser(u) : { id: u.id, username: u.username, role: u.role }
  );
  return { items, totalItems: total, page: q.page, limit: q.limit };
}

export async function listAllUsers(deps: Pick<Deps, "db">) {
  const rows = await deps.db.select().from(users).where(isNull(users.deletedAt))
    .orderBy(asc(users.id));
  return rows.map(toPublicUser);
}
