// `deno task db:migrate`: the deploy step of a deployment whose edge instances run ROLES=api (Deno
// Deploy): applies pending migrations to DATABASE_URL and, on an empty database, creates the first
// SuperAdmin. api-only instances do neither at start; engines do both.
// Needs only --allow-net --allow-env --allow-read.
import { parseConfig } from "../server/config.ts";
import { openDatabase } from "../server/db/client.ts";
import { seededMessage, seedFirstSuperAdmin } from "../server/seeds/seed-admin.ts";

const config = parseConfig(Deno.env.toObject());
if (!config.DATABASE_URL) {
  console.error("DATABASE_URL is not set: PGlite is migrated by the server itself at start.");
  Deno.exit(1);
}
const database = await openDatabase({ url: config.DATABASE_URL, max: 1 });
try {
  const seeded = await seedFirstSuperAdmin({ db: database.db, config });
  console.log(`Migrations applied to ${new URL(config.DATABASE_URL).host}.`);
  const message = seededMessage(seeded);
  if (message) console.log(message);
} finally {
  await database.close();
}
