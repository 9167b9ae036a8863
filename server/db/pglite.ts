// The embedded database (no DATABASE_URL): PGlite in a folder, or in memory. Loaded only when
// used, so a PostgreSQL instance (an api-only one on Deno Deploy) never loads PGlite.
import { PGlite, type PGliteInterface } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import type { Database, Db } from "./client.ts";
import * as schema from "./schema.ts";

export async function openPglite(dataDir?: string): Promise<Database> {
  if (dataDir) await Deno.mkdir(dataDir, { recursive: true });
  const client = new PGlite(dataDir ? `${dataDir}/pglite` : undefined);
  await client.waitReady;
  const database = wrapPglite(client);
  // A checkpoint before closing: the next start replays no WAL (see the README on durability).
  const close = database.close;
  database.close = async () => {
    await client.exec("checkpoint").catch(() => {});
    await close();
  };
  return database;
}

/** Wraps an open PGlite (tests clone a migrated template instead of migrating each time). */
export function wrapPglite(client: PGliteInterface): Database {
  const db = drizzle(client as PGlite, { schema }) as unknown as Db;
  return { db, kind: "pglite", close: () => client.close() };
}

export async function migratePglite(database: Database, migrationsFolder: string) {
  // deno-lint-ignore no-explicit-any
  await migrate(database.db as any, { migrationsFolder });
}
