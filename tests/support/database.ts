// Test databases. On PGlite: a pool of PGlite instances per test worker, each loaded from one
// migrated data directory and emptied when its test app closes, for the next app to take. When
// TEST_DATABASE_URL is set: a database on that server per open test app, taken from databases kept
// between apps and runs and emptied when taken.
//
// Why a pool and a file: a new PGlite runs initdb (about 2.5 s of CPU), and a clone of a migrated
// one dumps and loads its whole data directory (about 0.5 s). Every test file runs in its own
// worker and opens several apps, so the PGlite pass spent most of its time on those. The migrated
// data directory is made once per migration set and kept in the temporary folder; a worker loads it
// (about 0.5 s) only when its pool is empty, and a closed app's instance is emptied by one TRUNCATE
// (about 20 ms).
import { PGlite } from "@electric-sql/pglite";
import { createHash } from "node:crypto";
import postgres from "postgres";
import { tmpdir } from "node:os";
import { randomHex } from "../../server/core/hex.ts";
import { scratchDatabase } from "./scratch-database.ts";
import { type Database, migrateDatabase, openDatabase } from "../../server/db/client.ts";
import { wrapPglite } from "../../server/db/pglite.ts";

export const TEST_DATABASE_URL = Deno.env.get("TEST_DATABASE_URL");

export async function openTestDatabase(): Promise<Database> {
  if (TEST_DATABASE_URL) return await takePostgres(TEST_DATABASE_URL);
  return await takePglite();
}

/**
 * A test of what only PostgreSQL shows (a plan, a lock), on a test database closed after it;
 * skipped without TEST_DATABASE_URL.
 */
export function postgresTest(name: string, fn: (database: Database) => Promise<void>) {
  Deno.test({
    name,
    ignore: !TEST_DATABASE_URL,
    async fn() {
      const database = await openTestDatabase();
      try {
        await fn(database);
      } finally {
        await database.close();
      }
    },
  });
}

/** The advisory locks' first key: a kept PostgreSQL test database in use (the second: its slot). */
const SLOT_LOCK_CLASS = 7_301;
const SLOTS = 200;

/**
 * A kept database, held for the app by a session advisory lock on its slot: a copy of the template
 * and its removal cost about 0.9 s of CPU on a 2-core host, against some 50 ms for emptying one, and the
 * PostgreSQL pass opens some 300 apps. The lock ends with its connection, so a worker that died
 * leaves nothing held. Emptied when taken, not when left: what a broken test left is cleared by the
 * next taker; a database whose schema a test changed is copied again.
 */
async function takePostgres(url: string): Promise<Database> {
  const template = await postgresTemplate(url);
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [slot] = await admin<{ slot: number }[]>`select s as "slot" from generate_series(0,
      ${SLOTS - 1}) s where pg_try_advisory_lock(${SLOT_LOCK_CLASS}, s) limit 1`;
    if (!slot) throw new Error(`all ${SLOTS} test databases are in use`);
    const name = `${template.keptPrefix}${slot.slot}`;
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    let database = await emptied(dbUrl.toString(), template.fingerprint);
    if (!database) {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.unsafe(`create database ${name} template ${template.name}`);
      database = await openDatabase({ url: dbUrl.toString(), max: 10, migrate: false });
    }
    const opened = database;
    return {
      ...opened,
      async close() {
        await opened.close();
        await admin.end();
      },
    };
  } catch (err) {
    await admin.end();
    throw err;
  }
}

/** The kept database at `url` emptied, or null when it is missing or its schema is not the template's. */
async function emptied(url: string, fingerprint: string): Promise<Database | null> {
  const database = await openDatabase({ url, max: 10, migrate: false });
  try {
    const [{ schema }] = await database.sql!.unsafe(SCHEMA_FINGERPRINT);
    if (schema === fingerprint) {
      await database.sql!.unsafe(EMPTY);
      return database;
    }
  } catch (err) {
    // 3D000: not made yet.
    if ((err as { code?: string }).code !== "3D000") {
      await database.close();
      throw err;
    }
  }
  await database.close();
  return null;
}

/**
 * Makes the public tables as the template left them: those written since (a file no longer empty)
 * truncated, every sequence restarted and the planner's column statistics gone, so that a plan
 * test plans as on a fresh copy (a DELETE left pages that turned an index scan into a sequential
 * one). A TRUNCATE of every table took 200 ms here (new files for each table and index); a test
 * writes a few.
 */
const EMPTY = `do $$
declare written text;
begin
  select string_agg(c.oid::regclass::text, ', ') into written from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r' and pg_relation_size(c.oid) > 0;
  if written is not null then execute 'truncate ' || written || ' cascade'; end if;
  perform setval(format('%I.%I', schemaname, sequencename), start_value, false) from pg_sequences
    where schemaname = 'public';
  delete from pg_statistic where starelid in (select c.oid from pg_class c
    join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public');
end $$`;

/** Tables, columns, defaults, indexes and triggers (enabled or not) of the public schema. */
const SCHEMA_FINGERPRINT = `select md5(string_agg(x, ',' order by x)) as "schema" from (
  select c.relname || ':' || c.relkind::text || ':' || a.attname || ':' || a.atttypid::text || ':' ||
    a.attnotnull::text || ':' || coalesce(pg_get_expr(d.adbin, d.adrelid), '') as x
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    left join pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
  where n.nspname = 'public'
  union all
  select t.tgname || ':' || t.tgenabled::text from pg_trigger t join pg_class c on c.oid = t.tgrelid
    join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public'
  union all
  select pg_get_indexdef(i.indexrelid) from pg_index i join pg_class c on c.oid = i.indrelid
    join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public') s`;

let pgTemplate: Promise<{ name: string; fingerprint: string; keptPrefix: string }> | undefined;

/**
 * A database migrated once per migration set, which each test database is copied from (CREATE
 * DATABASE … TEMPLATE): a copy takes a fraction of migrating each one. Made under an advisory lock
 * by the first worker that needs it, under a temporary name renamed when done, so that no worker
 * copies half a template. Its schema's fingerprint is kept as its comment (a connection to the
 * template would stop it being copied). Kept databases of earlier migration sets are dropped.
 */
function postgresTemplate(url: string) {
  return pgTemplate ??= (async () => {
    const hash = await migrationsHash();
    const name = `gb_template_${hash}`;
    const keptPrefix = `gb_kept_${hash}_`;
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    try {
      await admin`select pg_advisory_lock(hashtext(${name}))`;
      const [found] = await admin<{ fingerprint: string | null }[]>`select
        shobj_description(oid, 'pg_database') as "fingerprint" from pg_database
        where datname = ${name}`;
      if (found?.fingerprint) return { name, fingerprint: found.fingerprint, keptPrefix };
      if (found) await admin.unsafe(`drop database ${name}`);
      const building = await scratchDatabase(url, `${name}_${randomHex(4)}`);
      const database = await openDatabase({ url: building.url, max: 1 });
      const [{ schema }] = await database.sql!.unsafe(SCHEMA_FINGERPRINT);
      await database.close();
      await admin.unsafe(`alter database ${building.name} rename to ${name}`);
      await admin.unsafe(`comment on database ${name} is '${schema}'`);
      const stale = await admin<{ datname: string }[]>`select datname from pg_database
        where starts_with(datname, 'gb_kept_') and not starts_with(datname, ${keptPrefix})`;
      for (const { datname } of stale) {
        await admin.unsafe(`drop database if exists ${datname}`).catch(() => {});
      }
      return { name, fingerprint: schema as string, keptPrefix };
    } finally {
      await admin.end();
    }
  })();
}

interface Pooled {
  client: PGlite;
  database: Database;
}

const idle: Pooled[] = [];
let template: Promise<Blob> | undefined;
// A data directory is PGlite's own format: a new version makes a new one.
const PGLITE = JSON.parse(
  await Deno.readTextFile(new URL("../../deno.json", import.meta.url)),
).imports["@electric-sql/pglite"].replace(/\W+/g, "-");
let truncate: string | undefined;

async function takePglite(): Promise<Database> {
  const pooled = idle.pop() ?? await loadPglite();
  let closed = false;
  return {
    ...pooled.database,
    async close() {
      if (closed) return;
      closed = true;
      await putBack(pooled);
    },
  };
}

async function loadPglite(): Promise<Pooled> {
  template ??= migratedDataDir();
  const client = new PGlite({ loadDataDir: await template });
  await client.waitReady;
  truncate ??= await truncateStatement(client);
  return { client, database: wrapPglite(client) };
}

/** Empties the instance for the next app, or drops it when a test closed or broke it. */
async function putBack(pooled: Pooled) {
  if (pooled.client.closed) return;
  try {
    // A test's session settings, advisory locks and open transaction do not reach the next one.
    // (DISCARD ALL refuses to run in a transaction block, so each goes alone.)
    await pooled.client.exec("rollback");
    await pooled.client.exec("discard all");
    await pooled.client.exec(truncate!);
    idle.push(pooled);
  } catch {
    await pooled.client.close().catch(() => {});
  }
}

/** One TRUNCATE of every table the migrations made, sequences restarted. */
async function truncateStatement(client: PGlite) {
  const { rows } = await client.query<{ name: string }>(
    `select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = 'public'`,
  );
  return `truncate ${rows.map((r) => r.name).join(", ")} restart identity cascade`;
}

/** The migrated data directory: read from the temporary folder, or made there once. */
async function migratedDataDir(): Promise<Blob> {
  const path = `${tmpdir()}/gatebot-test-pglite-${await migrationsHash()}-${PGLITE}-one-db.tar`;
  try {
    return new Blob([await Deno.readFile(path)]);
  } catch {
    const client = new PGlite();
    await client.waitReady;
    await migrateDatabase(wrapPglite(client));
    // The two template databases were 16 of its 42 MB; a worker loaded it in 0.8-1.1 s with them
    // and 0.35-0.55 s without. PGlite serves one database and no test creates another.
    for (const name of ["template1", "template0"]) {
      await client.exec(`alter database ${name} is_template false`);
      await client.exec(`drop database ${name}`);
    }
    const dump = await client.dumpDataDir("none");
    await client.close();
    // Written aside and renamed: a worker reading it meanwhile never sees half a file.
    const partial = `${path}.${randomHex(6)}`;
    await Deno.writeFile(partial, new Uint8Array(await dump.arrayBuffer()));
    await Deno.rename(partial, path);
    return dump;
  }
}

/** Names the migration set: a new migration makes a new template. */
async function migrationsHash() {
  const hash = createHash("sha256");
  const folder = new URL("../../drizzle/", import.meta.url);
  const files = [];
  for await (const entry of Deno.readDir(folder)) if (entry.isFile) files.push(entry.name);
  for (const name of files.sort()) {
    hash.update(name).update(await Deno.readFile(new URL(name, folder)));
  }
  hash.update(await Deno.readFile(new URL("meta/_journal.json", folder)));
  return hash.digest("hex").slice(0, 16);
}
