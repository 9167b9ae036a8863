// The embedded database (no DATABASE_URL): PGlite in a folder, or in memory. Loaded only when
// used, so a PostgreSQL instance (an api-only one on Deno Deploy) never loads PGlite.
import { PGlite, type PGliteInterface } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { abandoned, requestSignal } from "../core/request-scope.ts";
import type { Database, Db } from "./client.ts";
import { DatabaseUnreadable } from "./database-unreadable.ts";
import * as schema from "./schema.ts";

/**
 * 16 MB of shared buffers instead of 128: the idle server holds about half
 * (docs/configuration.md#memory); its reads still hit the operating system's file cache.
 */
const CONF = ["shared_buffers = 16MB"];

export async function openPglite(dataDir?: string): Promise<Database> {
  const path = dataDir ? `${dataDir}/pglite` : undefined;
  if (dataDir) await Deno.mkdir(dataDir, { recursive: true });
  if (path && !(await exists(`${path}/PG_VERSION`))) await initInWorker(path);
  const client = new PGlite(path, { postgresqlconf: CONF });
  try {
    await client.waitReady;
  } catch (err) {
    // In memory there are no files to blame: PGlite itself failed.
    if (!path) throw err;
    // PGlite says only "Aborted()" or "failed to initialize": the operator needs the folder.
    throw new DatabaseUnreadable(
      `The embedded database in ${path} could not be opened (${(err as Error).message}). ` +
        "Its files are damaged or are not PGlite's: restore the folder from a backup, or move it " +
        "away to start with an empty database.",
    );
  }
  const database = wrapPglite(client);
  // A checkpoint before closing: the next start replays no WAL (docs/configuration.md#durability).
  const close = database.close;
  database.close = async () => {
    await client.exec("checkpoint").catch(() => {});
    await close();
  };
  return database;
}

/**
 * A new folder's initdb, run in a worker: the server then opens an initialised folder, as on every
 * later start, and idles at about 260 MB instead of about 600 until a major collection.
 */
async function initInWorker(path: string) {
  const worker = new Worker(new URL("./pglite-init-worker.ts", import.meta.url), {
    type: "module",
  });
  try {
    const answer = await new Promise<{ ok: boolean; message?: string }>((resolve, reject) => {
      worker.onmessage = (e) => resolve(e.data);
      worker.onerror = (e) => {
        e.preventDefault();
        reject(new Error(`PGlite initdb failed: ${e.message}`));
      };
      worker.postMessage({ path, conf: CONF });
    });
    if (!answer.ok) throw new Error(`PGlite initdb failed: ${answer.message}`);
  } finally {
    worker.terminate();
  }
}

async function exists(file: string) {
  try {
    await Deno.stat(file);
    return true;
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return false;
    throw err;
  }
}

/** Wraps an open PGlite (tests clone a migrated template instead of migrating each time). */
export function wrapPglite(client: PGliteInterface): Database {
  dropAbandoned(client);
  const db = drizzle(client as PGlite, { schema }) as unknown as Db;
  return { db, kind: "pglite", close: () => client.close() };
}

export async function migratePglite(database: Database, migrationsFolder: string) {
  // deno-lint-ignore no-explicit-any
  await migrate(database.db as any, { migrationsFolder });
}

/**
 * A statement sent for a request whose client left (or whose deadline passed) is not started, as
 * on PostgreSQL (server/db/client.ts). PGlite runs query, exec and transaction one at a time behind
 * one lock; they wait their turn in this queue instead, so each is checked when its turn comes,
 * not when it was sent: a database that was busy does not then run orders nobody waits for.
 */
function dropAbandoned(client: PGliteInterface) {
  let turn: Promise<unknown> = Promise.resolve();
  const queued = <A extends unknown[], R>(run: (...args: A) => Promise<R>) => (...args: A) => {
    const signal = requestSignal();
    const mine = turn.then(() => {
      if (signal?.aborted) throw abandoned();
      return run(...args);
    });
    turn = mine.catch(() => {});
    return mine;
  };
  client.query = queued(client.query.bind(client)) as typeof client.query;
  client.exec = queued(client.exec.bind(client)) as typeof client.exec;
  client.transaction = queued(client.transaction.bind(client)) as typeof client.transaction;
}
