// The engine lease, and the migration lock, on a real PostgreSQL (advisory locks live there).
// Needs TEST_DATABASE_URL.
import assert from "node:assert/strict";
import { openDatabase } from "../../server/db/client.ts";
import { activeEngine, startLease } from "../../server/engine/lease.ts";
import { TEST_DATABASE_URL } from "../support/database.ts";
import { clusterDatabase } from "../support/cluster.ts";
import { until } from "../support/until.ts";

function engine(url: string, name: string) {
  const events: string[] = [];
  const lease = startLease({
    url,
    name,
    intervalMs: 50,
    onAcquired: () => Promise.resolve(void events.push("acquired")),
    onLost: () => Promise.resolve(void events.push("lost")),
    log: () => {},
  });
  return { lease, events };
}

Deno.test({
  name: "lease: one engine holds it; the standby takes it when the holder stops or loses its link",
  ignore: !TEST_DATABASE_URL,
  async fn() {
    // Advisory locks are per database: this test's scratch database keeps it apart from others.
    const c = await clusterDatabase("lease", { migrate: false });
    const sql = c.database.sql!;
    const a = engine(c.url, "lease-a");
    await until(() => a.lease.holding(), 3000, "a to hold the lease");
    const b = engine(c.url, "lease-b");
    const cEngine = engine(c.url, "lease-c");
    try {
      await new Promise((r) => setTimeout(r, 200));
      assert.equal(b.lease.holding() || cEngine.lease.holding(), false);
      assert.equal(await activeEngine(sql), "lease-a");

      // A holder that stops lets go at once; one standby, and only one, takes over.
      await a.lease.stop();
      assert.deepEqual(a.events, ["acquired", "lost"]);
      await until(() => b.lease.holding() || cEngine.lease.holding(), 3000, "a standby to take it");
      const [next, other] = b.lease.holding() ? [b, cEngine] : [cEngine, b];
      assert.equal(other.lease.holding(), false);
      assert.equal(await activeEngine(sql), next === b ? "lease-b" : "lease-c");

      // The holder's connection is cut (as when its host dies): it steps down, and one engine
      // holds the lease again.
      const name = next === b ? "lease-b" : "lease-c";
      const before = next.events.length;
      await sql`select pg_terminate_backend(pid) from pg_stat_activity
        where application_name = ${`gatebot engine ${name}`}`;
      // Its client reconnects by itself; the lock went with the old session, so it steps down even
      // when its fresh connection could take the lock again.
      await until(
        () => next.events.slice(before).includes("lost"),
        5000,
        "the cut-off holder to step down",
      );
      const holder = () => [next, other].find((e) => e.lease.holding());
      await until(() => !!holder(), 5000, "an engine to hold it again");
      assert.equal(next.lease.holding() && other.lease.holding(), false);
      assert.equal(await activeEngine(sql), holder() === b ? "lease-b" : "lease-c");
    } finally {
      await Promise.all([b.lease.stop(), cEngine.lease.stop()]);
      await c.close();
    }
  },
});

Deno.test({
  name: "migrations: processes starting together on an empty database migrate it once, all of them",
  ignore: !TEST_DATABASE_URL,
  async fn() {
    const c = await clusterDatabase("migrate", { migrate: false });
    try {
      const opened = await Promise.allSettled(
        [1, 2, 3].map(() => openDatabase({ url: c.url, max: 2 })),
      );
      for (const o of opened) if (o.status === "fulfilled") await o.value.close();
      assert.deepEqual(opened.map((o) => o.status === "rejected" ? String(o.reason) : "ok"), [
        "ok",
        "ok",
        "ok",
      ]);
      const [{ n }] = await c.database.sql!`select count(*)::int as n from users`;
      assert.equal(n, 0);
    } finally {
      await c.close();
    }
  },
});
