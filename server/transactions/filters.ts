// Who sees which transactions, and the list filters of spec section 3, as SQL conditions.
// Users, Leads: their own. Admin and SuperAdmin: everyone's with viewAll (else their own too).
import { and, eq, gte, inArray, lte, type SQL, sql } from "drizzle-orm";
import type { SessionUser } from "../auth/sessions.ts";
import type { Db } from "../db/client.ts";
import { transactions, users } from "../db/schema.ts";
import { can } from "../users/roles.ts";
import type { TransactionFilter } from "./schema.ts";

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

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
      conds.push(inArray(transactions.userId, ids.map((r) => r.id)));
    }
  } else {
    if (name && !user.username.toLowerCase().includes(name)) return null;
    conds.push(eq(transactions.userId, user.id));
  }
  if (filter.pair) conds.push(eq(transactions.pair, filter.pair));
  if (filter.sellPriceStart) conds.push(gte(transactions.sellPrice, filter.sellPriceStart));
  if (filter.sellPriceEnd) conds.push(lte(transactions.sellPrice, filter.sellPriceEnd));
  return conds;
}

export const whereAll = (conds: SQL[], ...more: (SQL | undefined)[]) => and(...conds, ...more);
