// Opens the database: postgres.js when a URL is given, else PGlite in a folder (or in memory).
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import * as schema from "./schema.ts";
import { retryConflicts } from "../core/database-faults.ts";
import { abandoned, requestSignal } from "../core/request-scope.ts";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** The postgres.js client, for LISTEN/NOTIFY; absent on PGlite. */
  sql?: postgres.Sql;
  /** PostgreSQL: how many connections the pool opens at most. */
  poolSize?: number;
  close(): Promise<void>;
}

const MIGRATIONS = new URL("../../drizzle", import.meta.url).pathname;

export interface OpenOptions {
  url?: string;
  dataDir?: string;
  max?: number;
  /** Pending migrations are applied unless this is false. */
  migrate?: boolean;
  /** PostgreSQL: a connection attempt fails after this long (seconds). */
  connectTimeoutS?: number;
  /** PostgreSQL: a statement is cancelled after this long (its request answers 503). */
  statementTimeoutMs?: number;
}

/** `url` set: PostgreSQL. Else PGlite in `dataDir`, or in memory when `dataDir` is undefined. */
export async function openDatabase(opts: OpenOptions) {
  const database: Database = opts.url
    ? openPostgres(opts.url, opts)
    : await (await import("./pglite.ts")).openPglite(opts.dataDir);
  if (opts.migrate !== false) await migrateDatabase(database, opts.url);
  return database;
}

function openPostgres(url: string, opts: OpenOptions): Database {
  const poolSize = opts.max ?? 20;
  const sql = postgres(url, {
    max: poolSize,
    onnotice: () => {},
    connect_timeout: opts.connectTimeoutS ?? 5,
    // Seconds before a lost connection is tried again. postgres.js grows it to 20 s after a few
    // failures, which kept the server unready ~15 s after a 3 s outage; 1 s at most.
    backoff: (attempt: number) => Math.min(0.05 * 2 ** attempt, 1),
    ...opts.statementTimeoutMs
      ? { connection: { statement_timeout: opts.statementTimeoutMs } }
      : {},
  });
  dropAbandoned(sql);
  const db = retryTransactions(drizzlePostgres(sql, { schema }) as unknown as Db);
  return { db, kind: "postgres", sql, poolSize, close: () => sql.end({ timeout: 5 }) };
}

/**
 * A statement sent for a request whose client left (or whose deadline passed) is not started:
 * still queued for a connection it is dropped, already running it is cancelled. Without this, a
 * database that came back ran orders seconds after their clients had given up.
 */
function dropAbandoned(sql: postgres.Sql) {
  const unsafe = sql.unsafe.bind(sql);
  const begin = sql.begin.bind(sql);
  const check = () => {
    const signal = requestSignal();
    if (signal?.aborted) throw abandoned();
    return signal;
  };
  sql.unsafe = ((...args: Parameters<typeof unsafe>) => {
    const signal = check();
    const query = unsafe(...args);
    signal?.addEventListener("abort", () => void query.cancel(), { once: true });
    return query;
  }) as typeof sql.unsafe;
  sql.begin = ((...args: Parameters<typeof begin>) => {
    check();
    return begin(...args);
  }) as typeof sql.begin;
}

/** A transaction PostgreSQL aborted as a deadlock or serialization victim runs again, whole. */
function retryTransactions(db: Db): Db {
  const transaction = db.transaction.bind(db);
  db.transaction = (work, config) => retryConflicts(() => transaction(work, config));
  return db;
}

/** `url`: the PostgreSQL server, for the lock that keeps processes from migrating at once. */
export async function migrateDatabase(database: Database, url?: string) {
  if (database.kind === "pglite") {
    return await (await import("./pglite.ts")).migratePglite(database, MIGRATIONS);
  }
  // Engines starting together (and the deploy step) would each apply the same migration: one at
  // a time, under a lock held on a connection of its own (not one of the pool's, which may have
  // a single connection); the next finds nothing left to apply.
  const lock = url ? postgres(url, { max: 1, onnotice: () => {} }) : undefined;
  try {
    if (lock) await lock`select pg_advisory_lock(${MIGRATION_LOCK_KEY}::bigint)`;
    // deno-lint-ignore no-explicit-any
    await migratePostgres(database.db as any, { migrationsFolder: MIGRATIONS });
  } finally {
    // Closing the connection lets the lock go.
    await lock?.end({ timeout: 5 });
  }
}

/** Not the engine lease's key (server/engine/lease.ts). */
const MIGRATION_LOCK_KEY = 0x6d69_6772; // "migr"
