// Test databases. On PGlite: a pool of PGlite instances per test worker, each loaded from one
// migrated data directory and emptied when its test app closes, for the next app to take. When
// TEST_DATABASE_URL is set: a fresh PostgreSQL database per test app on that server.
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
  if (TEST_DATABASE_URL) return await openFreshPostgres(TEST_DATABASE_URL);
  return await takePglite();
}

async function openFreshPostgres(url: string): Promise<Database> {
  // Parallel test workers share one process id: a random part keeps their names apart.
  const name = `gb_test_${Date.now().toString(36)}_${randomHex(6)}`;
  const scratch = await scratchDatabase(url, name, await postgresTemplate(url));
  const database = await openDatabase({ url: scratch.url, max: 10, migrate: false });
  return {
    ...database,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}

let pgTemplate: Promise<string> | undefined;

/**
 * A database migrated once per migration set, which each test database is copied from (CREATE
 * DATABASE … TEMPLATE): a copy takes a fraction of migrating each one. Made under an advisory lock
 * by the first worker that needs it, under a temporary name renamed when done, so that no worker
 * copies half a template.
 */
function postgresTemplate(url: string) {
  return pgTemplate ??= (async () => {
    const name = `gb_template_${await migrationsHash()}`;
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    try {
      await admin`select pg_advisory_lock(hashtext(${name}))`;
      const [found] = await admin`select 1 from pg_database where datname = ${name}`;
      if (!found) {
        const building = await scratchDatabase(url, `${name}_${randomHex(4)}`);
        const database = await openDatabase({ url: building.url, max: 1 });
        await database.close();
        await admin.unsafe(`alter database ${building.name} rename to ${name}`);
      }
      return name;
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
  const path = `${tmpdir()}/gatebot-test-pglite-${await migrationsHash()}-${PGLITE}.tar`;
  try {
    return new Blob([await Deno.readFile(path)]);
  } catch {
    const client = new PGlite();
    await client.waitReady;
    await migrateDatabase(wrapPglite(client));
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
