// Opens the database: postgres.js when a URL is given, else PGlite in a folder (or in memory).
import { PGlite, type PGliteInterface } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import * as schema from "./schema.ts";
import { retryConflicts } from "./faults.ts";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** The postgres.js client, for LISTEN/NOTIFY; absent on PGlite. */
  sql?: postgres.Sql;
  close(): Promise<void>;
}

const MIGRATIONS = new URL("../../drizzle", import.meta.url).pathname;

/** `url` set: PostgreSQL. Else PGlite in `dataDir`, or in memory when `dataDir` is undefined. */
export async function openDatabase(opts: { url?: string; dataDir?: string; max?: number }) {
  const database: Database = opts.url ? openPostgres(opts.url, opts.max) : await openPglite(
    opts.dataDir,
  );
  await migrateDatabase(database);
  return database;
}

function openPostgres(url: string, max = 20): Database {
  const sql = postgres(url, { max, onnotice: () => {} });
  const db = retryTransactions(drizzlePostgres(sql, { schema }) as unknown as Db);
  return { db, kind: "postgres", sql, close: () => sql.end({ timeout: 5 }) };
}

/** A transaction PostgreSQL aborted as a deadlock or serialization victim runs again, whole. */
function retryTransactions(db: Db): Db {
  const transaction = db.transaction.bind(db);
  db.transaction = (work, config) => retryConflicts(() => transaction(work, config));
  return db;
}

async function openPglite(dataDir?: string): Promise<Database> {
  if (dataDir) await Deno.mkdir(dataDir, { recursive: true });
  const client = new PGlite(dataDir ? `${dataDir}/pglite` : undefined);
  await client.waitReady;
  return wrapPglite(client);
}

/** Wraps an open PGlite (tests clone a migrated template instead of migrating each time). */
export function wrapPglite(client: PGliteInterface): Database {
  const db = drizzlePglite(client as PGlite, { schema }) as unknown as Db;
  return { db, kind: "pglite", close: () => client.close() };
}

export async function migrateDatabase(database: Database) {
  const config = { migrationsFolder: MIGRATIONS };
  // deno-lint-ignore no-explicit-any
  const db = database.db as any;
  if (database.kind === "postgres") await migratePostgres(db, config);
  else await migratePglite(db, config);
}
