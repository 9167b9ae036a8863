// Orders of one user on one exchange under a daily maximum go one at a time from the check of
// today's total to the recorded row; checked side by side, two orders together passed the maximum.
// Users without a daily maximum never come here, so the hot path takes no lock.
import { drizzle } from "drizzle-orm/postgres-js";
import type postgres from "postgres";
import type { Database, Db } from "../db/client.ts";
import * as schema from "../db/schema.ts";

/** Where the work's queries go: on PostgreSQL, the transaction that holds the lock. */
export type Scoped = Pick<Database, "db" | "sql">;

/** Per instance: one waiter at a time per user and exchange holds a connection for the lock. */
const queuesOf = new WeakMap<Database, Map<string, Promise<unknown>>>();
/** Per instance: the lock holders' connections; an order's id block and refusal need the rest. */
const holdersOf = new WeakMap<Database, Holders>();

export async function oneAtATime<T>(
  database: Database,
  userId: number,
  exchange: string,
  work: (scoped: Scoped) => Promise<T>,
): Promise<T> {
  const queues = queuesOf.get(database) ?? new Map<string, Promise<unknown>>();
  queuesOf.set(database, queues);
  const key = `${userId}:${exchange}`;
  const run = (queues.get(key) ?? Promise.resolve())
    .then(() => acrossInstances(database, userId, exchange, work));
  const settled = run.then(() => {}, () => {});
  queues.set(key, settled);
  try {
    return await run;
  } finally {
    if (queues.get(key) === settled) queues.delete(key);
  }
}

/**
 * PostgreSQL, shared by several instances: a transaction-level advisory lock, and the work's
 * check and record run in that same transaction, so the span holds one connection, not one idle
 * for the lock beside those of the queries. The lock goes at commit or rollback (the work failing,
 * the exchange refusing) and with the connection if the process dies, so no failure leaves the
 * user blocked. PGlite lives in one process (its data dir is locked), where the queue above is
 * enough.
 */
function acrossInstances<T>(
  database: Database,
  userId: number,
  exchange: string,
  work: (scoped: Scoped) => Promise<T>,
): Promise<T> {
  const sql = database.sql;
  if (!sql) return work(database);
  let holders = holdersOf.get(database);
  // A quarter of the pool at most: holders all waiting on queries for a full pool would hang.
  if (!holders) holdersOf.set(database, holders = new Holders((database.poolSize ?? 20) >> 2));
  return holders.run(() =>
    sql.begin(async (tx) => {
      // Two int4 keys: the shift reports' lock (class 7) uses this key space too.
      await tx`select pg_advisory_xact_lock(hashtext(${`trading-limits:${exchange}`}), ${userId}::int)`;
      // drizzle reads (and sets, as the pool's own drizzle already did) the client's parsers.
      const inTx = Object.assign(tx, { options: sql.options }) as unknown as postgres.Sql;
      return await work({ db: drizzle(inTx, { schema }) as unknown as Db, sql: inTx });
    }) as Promise<T>
  );
}

class Holders {
  #free: number;
  #waiting: (() => void)[] = [];
  constructor(size: number) {
    this.#free = Math.max(1, size);
  }
  async run<T>(work: () => Promise<T>) {
    if (this.#free > 0) this.#free--;
    else await new Promise<void>((go) => this.#waiting.push(go));
    try {
      return await work();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#free++;
    }
  }
}
