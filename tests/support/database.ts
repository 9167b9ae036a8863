// Test databases: a clone of one migrated PGlite template per test app, or, when
// TEST_DATABASE_URL is set, a fresh PostgreSQL database per test app on that server.
import { PGlite } from "@electric-sql/pglite";
import { randomHex } from "../../server/core/hex.ts";
import { scratchDatabase } from "./scratch-database.ts";
import { type Database, migrateDatabase, openDatabase } from "../../server/db/client.ts";
import { wrapPglite } from "../../server/db/pglite.ts";

export const TEST_DATABASE_URL = Deno.env.get("TEST_DATABASE_URL");

let template: Promise<PGlite> | undefined;

async function migratedTemplate() {
  const client = new PGlite();
  await client.waitReady;
  await migrateDatabase(wrapPglite(client));
  return client;
}

export async function openTestDatabase(): Promise<Database> {
  if (TEST_DATABASE_URL) return await openFreshPostgres(TEST_DATABASE_URL);
  template ??= migratedTemplate();
  return wrapPglite(await (await template).clone());
}

async function openFreshPostgres(url: string): Promise<Database> {
  // Parallel test workers share one process id: a random part keeps their names apart.
  const scratch = await scratchDatabase(url, `gb_test_${Date.now().toString(36)}_${randomHex(6)}`);
  const database = await openDatabase({ url: scratch.url, max: 10 });
  return {
    ...database,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}
