// `deno task seed:demo`: demo staff of each role for trying the product out. Each enrols TOTP at
// the first sign-in. Never run against a production database.
import { hashPassword } from "../auth/password.ts";
import { parseConfig } from "../config.ts";
import { randomHex } from "../core/hex.ts";
import { findLiveUserByUsername } from "../users/find.ts";
import type { Role } from "../users/roles.ts";
import { newUniqueId } from "../users/unique-id.ts";
import { openDatabase } from "./client.ts";
import { users } from "./schema.ts";

const DEMO: { username: string; role: Role }[] = [
  { username: "demo_admin", role: "Admin" },
  { username: "demo_lead", role: "Lead" },
  { username: "demo_user", role: "User" },
];

const config = parseConfig(Deno.env.toObject());
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  for (const { username, role } of DEMO) {
    if (await findLiveUserByUsername(database.db, username)) {
      console.log(`${username} exists: left as it is.`);
      continue;
    }
    const password = randomHex(6);
    await database.db.insert(users).values({
      username,
      email: `${username}@example.com`,
      passwordHash: await hashPassword(password),
      role,
      uniqueId: newUniqueId(),
    });
    console.log(`${role.padEnd(6)} ${username}  password: ${password}`);
  }
} finally {
  await database.close();
}
