// On an empty database, creates the first SuperAdmin so somebody can sign in.
import { count } from "drizzle-orm";
import { hashPassword } from "../auth/password.ts";
import { randomHex } from "../core/hex.ts";
import type { Deps } from "../deps.ts";
import { newUniqueId } from "../users/unique-id.ts";
import { users } from "../db/schema.ts";

export async function seedFirstSuperAdmin(deps: Pick<Deps, "db" | "config" | "passwordCost">) {
  const [{ n }] = await deps.db.select({ n: count() }).from(users);
  if (n > 0) return null;
  const generated = !deps.config.ADMIN_PASSWORD;
  const password = deps.config.ADMIN_PASSWORD ?? randomHex(8);
  await deps.db.insert(users).values({
    username: deps.config.ADMIN_USERNAME,
    email: deps.config.ADMIN_EMAIL,
    passwordHash: await hashPassword(password, deps.passwordCost),
    role: "SuperAdmin",
    uniqueId: newUniqueId(),
  });
  return { username: deps.config.ADMIN_USERNAME, password: generated ? password : null };
}

/** What to print after seeding: the generated password is shown only this once. */
export function seededMessage(seeded: Awaited<ReturnType<typeof seedFirstSuperAdmin>>) {
  if (seeded?.password) {
    return `First SuperAdmin created. Username: ${seeded.username}  Password: ${seeded.password}\n` +
      "This password is shown only once: sign in, set up two-factor, then change it.";
  }
  return seeded ? `First SuperAdmin "${seeded.username}" created with ADMIN_PASSWORD.` : undefined;
}
