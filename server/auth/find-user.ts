import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { users } from "../db/schema.ts";

/** A live (not deleted) user by username, case-insensitively. */
export async function findLiveUserByUsername(db: Db, username: string) {
  const [user] = await db.select().from(users).where(
    and(sql`lower(${users.username}) = ${username.toLowerCase()}`, isNull(users.deletedAt)),
  ).limit(1);
  return user ?? null;
}

export async function findLiveUserById(db: Db, id: number) {
  const [user] = await db.select().from(users).where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  return user ?? null;
}
