// Opens the database: postgres.js when a URL is given, else PGlite in a folder (or in memory).
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
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

/**
 * `url` set: PostgreSQL. Else PGlite in `dataDir`, or in memory when `dataDir` is undefined.
 * Pending migrations are applied unless `migrate` is false.
 */
export async function openDatabase(
  opts: { url?: string; dataDir?: string; max?: number; migrate?: boolean },
) {
  const database: Database = opts.url
    ? openPostgres(opts.url, opts.max)
    : await (await import("./pglite.ts")).openPglite(opts.dataDir);
  if (opts.migrate !== false) await migrateDatabase(database);
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

export async function migrateDatabase(database: Database) {
  if (database.kind === "pglite") {
    return await (await import("./pglite.ts")).migratePglite(database, MIGRATIONS);
  }
  // deno-lint-ignore no-explicit-any
  await migratePostgres(database.db as any, { migrationsFolder: MIGRATIONS });
}
