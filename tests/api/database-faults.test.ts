// Database trouble answers 503 with a message, health is a readiness check, and a request its
// client abandoned is not started.
import assert from "node:assert/strict";
import type { PGliteInterface } from "@electric-sql/pglite";
import { eq } from "drizzle-orm";
import { transactions } from "../../server/db/schema.ts";
import { openDatabase } from "../../server/db/client.ts";
import { unavailableReason } from "../../server/core/database-faults.ts";
import { makeTestApp } from "../support/test-app.ts";
import { TEST_DATABASE_URL } from "../support/database.ts";
import { buyBody } from "./transactions-fixtures.ts";
import { until } from "../support/until.ts";

Deno.test("GET /api/health is ready while the database answers, 503 with a message while stopping", async () => {
  const t = await makeTestApp();
  try {
    const ok = await t.call("GET", "/api/health");
    assert.equal(ok.status, 200);
    const body = await ok.json();
    assert.equal(body.status, "ok");
    assert.equal(body.databaseOk, true);

    t.deps.lifecycle = { stopping: true };
    const stopping = await t.call("GET", "/api/health");
    assert.equal(stopping.status, 503);
    assert.equal((await stopping.json()).message, "Service unavailable: the server is stopping");
  } finally {
    await t.close();
  }
});

Deno.test("GET /api/health answers 503 within 500 ms while the database hangs, well inside a balancer's 2 s", async () => {
  const t = await makeTestApp();
  const db = t.deps.db;
  try {
    assert.equal((await t.call("GET", "/api/health")).status, 200);
    // Every statement waits for ever, as on a database that accepts connections and never answers.
    t.deps.db = { ...db, execute: () => new Promise<never>(() => {}) } as unknown as typeof db;
    const started = performance.now();
    const res = await t.call("GET", "/api/health");
    const took = performance.now() - started;
    assert.equal(res.status, 503);
    assert.match((await res.json()).message, /the database does not answer/);
    assert.ok(took < 500, `answered in ${Math.round(took)} ms`);
  } finally {
    t.deps.db = db;
    await t.close();
  }
});

Deno.test("a request whose client has already gone is not started, nor logged as an error", async () => {
  const t = await makeTestApp();
  const error = console.error;
  const logged: string[] = [];
  try {
    const lead = await t.user("Lead");
    const gone = new AbortController();
    gone.abort();
    console.error = (...args: unknown[]) => void logged.push(args.join(" "));
    const res = await t.app.request("/api/transaction", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${lead.token}` },
      body: JSON.stringify(buyBody(t, { useBot: "none" })),
      signal: gone.signal,
    });
    console.error = error;
    assert.equal(res.status, 503);
    assert.match((await res.json()).message, /abandoned/);
    assert.deepEqual(logged, []);
    const rows = await t.deps.db.select().from(transactions)
      .where(eq(transactions.userId, lead.id));
    assert.equal(rows.length, 0);
  } finally {
    console.error = error;
    await t.close();
  }
});

Deno.test({
  name: "PGlite busy: a request abandoned while it waits its turn never runs",
  ignore: !!TEST_DATABASE_URL,
  fn: async () => {
    const t = await makeTestApp({ SESSION_CACHE_MS: 0 });
    try {
      const lead = await t.user("Lead");
      // A transaction holds PGlite (one statement at a time) until `release`: the request queues.
      const client = (t.deps.database.db as unknown as { $client: PGliteInterface }).$client;
      let release = () => {};
      const held = new Promise<void>((r) => release = r);
      const busy = client.transaction(() => held);
      const gone = new AbortController();
      const answer = t.app.request("/api/transaction", {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${lead.token}` },
        body: JSON.stringify(buyBody(t, { useBot: "none" })),
        signal: gone.signal,
      });
      await new Promise((r) => setTimeout(r, 200));
      gone.abort();
      const res = await answer;
      assert.equal(res.status, 503);
      release();
      await busy;
      // What the request would still run after its turn (session, user, order) has had time to.
      await new Promise((r) => setTimeout(r, 500));
      const rows = await t.deps.db.select().from(transactions)
        .where(eq(transactions.userId, lead.id));
      assert.equal(rows.length, 0, "nothing ran once PGlite was free");
    } finally {
      await t.close();
    }
  },
});

Deno.test({
  name: "PostgreSQL gone: requests answer 503 with a message at once, and health is not ready",
  ignore: !TEST_DATABASE_URL,
  fn: async () => {
    const t = await makeTestApp();
    const lead = await t.user("Lead");
    const error = console.error;
    const logged: string[] = [];
    console.error = (...args: unknown[]) => void logged.push(args.join(" "));
    try {
      // Every connection of the pool ends, as when the server is stopped.
      await t.deps.database.sql!.end({ timeout: 0 });
      const started = performance.now();
      const res = await t.call("POST", "/api/transaction", {
        token: lead.token,
        body: buyBody(t, { useBot: "none" }),
      });
      assert.equal(res.status, 503);
      assert.match((await res.json()).message, /^Service unavailable: /);
      assert.ok(performance.now() - started < 2000, "answered fast");
      const health = await t.call("GET", "/api/health");
      assert.equal(health.status, 503);
      assert.match((await health.json()).message, /the database does not answer/);
      assert.ok(logged.every((line) => !line.includes("\n")), "one line per error");
    } finally {
      console.error = error;
      await t.close().catch(() => {});
    }
  },
});

Deno.test({
  name: "PostgreSQL busy: a request abandoned while it waits for a connection never runs",
  ignore: !TEST_DATABASE_URL,
  fn: async () => {
    const t = await makeTestApp({ SESSION_CACHE_MS: 0 });
    try {
      const lead = await t.user("Lead");
      // Every pooled connection is busy for a second: the request queues for one.
      const sql = t.deps.database.sql!;
      const busy = Promise.all(Array.from({ length: 10 }, () => sql`select pg_sleep(1)`));
      await new Promise((r) => setTimeout(r, 100));
      const res = await t.app.request("/api/transaction", {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${lead.token}` },
        body: JSON.stringify(buyBody(t, { useBot: "none" })),
        signal: AbortSignal.timeout(200),
      });
      assert.equal(res.status, 503);
      await busy;
      await new Promise((r) => setTimeout(r, 300));
      const rows = await t.deps.db.select().from(transactions)
        .where(eq(transactions.userId, lead.id));
      assert.equal(rows.length, 0, "nothing ran once the connections were free");
    } finally {
      await t.close();
    }
  },
});

Deno.test({
  name: "PostgreSQL: a running statement cancelled because its client left is not logged as slow",
  ignore: !TEST_DATABASE_URL,
  fn: async () => {
    const t = await makeTestApp({ SESSION_CACHE_MS: 0 });
    const error = console.error;
    const logged: string[] = [];
    let release = () => {};
    try {
      const lead = await t.user("Lead");
      // Another connection holds the sessions table: the request's session lookup runs and waits.
      const other = t.deps.database.sql!;
      const locked = Promise.withResolvers<void>();
      const held = other.begin(async (tx) => {
        await tx`lock table sessions in access exclusive mode`;
        locked.resolve();
        await new Promise<void>((r) => release = r);
      });
      await locked.promise;
      console.error = (...args: unknown[]) => void logged.push(args.join(" "));
      const gone = new AbortController();
      const answer = t.app.request("/api/desk/today", {
        headers: { authorization: `Bearer ${lead.token}` },
        signal: gone.signal,
      });
      const waiting = async () =>
        (await other`select 1 from pg_stat_activity where wait_event_type = 'Lock'
          and query like '%sessions%'`).length;
      await until(async () => (await waiting()) > 0, 5000, "the lookup waiting on the lock");
      gone.abort();
      const res = await answer;
      assert.equal(res.status, 503);
      assert.match((await res.json()).message, /abandoned/);
      // The statement's own end (57014, cancelled at our request) comes after the answer.
      await until(async () => (await waiting()) === 0, 5000, "the lookup cancelled");
      await new Promise((r) => setTimeout(r, 100));
      console.error = error;
      assert.deepEqual(logged, []);
      release();
      await held;
    } finally {
      console.error = error;
      release();
      await t.close();
    }
  },
});

Deno.test({
  name:
    "PostgreSQL: a statement past DB_STATEMENT_TIMEOUT_MS is cancelled and reads as 'took too long'",
  ignore: !TEST_DATABASE_URL,
  fn: async () => {
    const database = await openDatabase({
      url: TEST_DATABASE_URL,
      max: 1,
      migrate: false,
      statementTimeoutMs: 100,
    });
    try {
      const err = await database.sql!`select pg_sleep(2)`.then(() => undefined, (e) => e);
      assert.equal(unavailableReason(err), "unavailable.dbSlow");
    } finally {
      await database.close();
    }
  },
});
