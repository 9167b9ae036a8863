// Who sees which transactions, and the list filters of spec section 3, as SQL conditions.
// Users, Leads: their own. Admin and SuperAdmin: everyone's with viewAll (else their own too).
import { and, type SQL, sql } from "drizzle-orm";
import type { SessionUser } from "../auth/sessions.ts";
import type { Db } from "../db/client.ts";
import { users } from "../db/schema.ts";
import { can } from "../users/roles.ts";
import type { TransactionFilter } from "./schema.ts";

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Columns as plain SQL text: these conditions are rendered on every list request. */
const column = (name: string) => sql.raw(`"transactions"."${name}"`);

/** The conditions of a filter, status excluded; null when nothing can match. */
export async function filterConditions(
  db: Db,
  user: SessionUser,
  filter: TransactionFilter,
): Promise<SQL[] | null> {
  const conds: SQL[] = [];
  const name = filter.username?.toLowerCase();
  if (filter.viewAll && can(user.role, "transactions.viewAll")) {
    if (name) {
      // The users table is small: resolve names first, then use the user_id indexes.
      const ids = await db.select({ id: users.id }).from(users)
        .where(sql`lower(${users.username}) like ${`%${escapeLike(name)}%`}`);
      if (ids.length === 0) return null;
      conds.push(sql`${column("user_id")} in (${sql.join(ids.map((r) => sql`${r.id}`), sql`, `)})`);
    }
  } else {
    if (name && !user.username.toLowerCase().includes(name)) return null;
    conds.push(sql`${column("user_id")} = ${user.id}`);
  }
  if (filter.pair) conds.push(sql`${column("pair")} = ${filter.pair}`);
  if (filter.sellPriceStart) conds.push(sql`${column("sell_price")} >= ${filter.sellPriceStart}`);
  if (filter.sellPriceEnd) conds.push(sql`${column("sell_price")} <= ${filter.sellPriceEnd}`);
  return conds;
}

export const statusIs = (status: string) => sql`${column("status")} = ${status}`;

export const whereAll = (conds: SQL[]) => and(...conds) ?? sql`true`;
