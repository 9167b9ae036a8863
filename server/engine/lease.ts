// Which engine is active: the one holding a PostgreSQL advisory lock on a connection of its own.
// Any number of engines run the same loop: every INTERVAL_MS each asks for the lock; the holder
// gets "true" again (session locks are re-entrant) and the others "false". When the holder dies,
// its connection closes, PostgreSQL frees the lock at once, and the next standby to ask takes it.
// A holder whose lease connection fails or stops answering steps down at once: by then PostgreSQL
// may have given the lock to another.
//
// The connection's application_name carries the engine's name, so anyone on the database (an
// api-only instance's /api/health) can read who holds the lock from pg_locks. Advisory locks are
// per database: deployments on separate databases of one server do not meet.
import postgres from "postgres";

/** The advisory lock's key (one bigint; below 2^32, so pg_locks shows it as objid, classid 0). */
export const ENGINE_LOCK_KEY = 0x6761_7465; // "gate"
const APP_PREFIX = "gatebot engine ";
export const LEASE_INTERVAL_MS = 1_000;
/** A lease query without an answer after this long counts as a lost connection. */
const ANSWER_MS = 3_000;

export interface LeaseOptions {
  url: string;
  /** This engine's name, shown by /api/health (at most 48 characters). */
  name: string;
  intervalMs?: number;
  /** Called when the lock is taken; the lease waits for it before asking again. */
  onAcquired(): Promise<void>;
  /** Called when the lock is lost or given up. */
  onLost(): Promise<void>;
  log?: (message: string) => void;
}

export interface Lease {
  holding(): boolean;
  /** Gives the lock up (after onLost) and closes the connection. */
  stop(): Promise<void>;
}

/** A client with one connection whose dead peer PostgreSQL notices within seconds, not hours. */
function leaseClient(url: string, name: string) {
  return postgres(url, {
    max: 1,
    onnotice: () => {},
    connect_timeout: ANSWER_MS / 1000,
    connection: {
      application_name: APP_PREFIX + name,
      // A host that vanished without closing its socket (power loss, a cut cable) loses the lock
      // after about 2 + 3 x 1 s instead of the kernel's two hours.
      tcp_keepalives_idle: 2,
      tcp_keepalives_interval: 1,
      tcp_keepalives_count: 3,
    },
  });
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

export function startLease(opts: LeaseOptions): Lease {
  const log = opts.log ?? ((m) => console.log(m));
  const interval = opts.intervalMs ?? LEASE_INTERVAL_MS;
  let sql = leaseClient(opts.url, opts.name);
  let held = false;
  /** The server process of the connection that took the lock. */
  let heldSession = 0;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> = Promise.resolve();

  async function lose(reason: string) {
    held = false;
    log(`engine ${opts.name}: stepped down (${reason})`);
    await opts.onLost();
  }

  async function renew() {
    let granted: boolean;
    let session: number;
    try {
      const [row] = await withTimeout(
        sql`select pg_try_advisory_lock(${ENGINE_LOCK_KEY}::bigint) as granted,
          pg_backend_pid() as session`,
        ANSWER_MS,
      );
      ({ granted, session } = row);
    } catch (err) {
      // The lock went with the connection, or will once PostgreSQL notices.
      reconnect();
      if (held) await lose((err as Error).message);
      return;
    }
    // The client reconnects on its own when an idle connection is cut: the lock went with the old
    // session, and another engine may have held it meanwhile. Step down; the next turn starts over.
    if (held && session !== heldSession) {
      await lose("its connection was cut");
      return;
    }
    if (granted && !held) {
      held = true;
      heldSession = session;
      log(`engine ${opts.name}: active`);
      try {
        await opts.onAcquired();
      } catch (err) {
        // Half started: undo it and let the lock go, so a healthy standby can take it.
        await lose(`could not start: ${(err as Error).message}`);
        reconnect();
      }
    } else if (!granted && held) {
      await lose("another engine holds the lock");
    }
  }

  /** A fresh connection: the old one, and any lock it held, is closed. */
  function reconnect() {
    const old = sql;
    sql = leaseClient(opts.url, opts.name);
    void old.end({ timeout: 0 }).catch(() => {});
  }

  const tick = () => {
    running = renew().catch((err) => log(`engine ${opts.name}: lease failed: ${err}`))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, interval);
      });
  };
  tick();

  return {
    holding: () => held,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      if (held) await lose("stopping");
      // Closing the connection frees the lock for the standby.
      await sql.end({ timeout: 1 });
    },
  };
}

/** The name of the engine holding the lock, or null when none does. */
export async function activeEngine(sql: postgres.Sql): Promise<string | null> {
  const [row] = await sql`
    select a.application_name as name from pg_locks l join pg_stat_activity a on a.pid = l.pid
    where l.locktype = 'advisory' and l.classid = 0 and l.objid::bigint = ${ENGINE_LOCK_KEY}::bigint
      and l.objsubid = 1 and l.granted
      and l.database = (select oid from pg_database where datname = current_database())`;
  return row ? String(row.name).slice(APP_PREFIX.length) : null;
}
