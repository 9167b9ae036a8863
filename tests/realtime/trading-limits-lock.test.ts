// The daily-limit lock across instances: two pools on one PostgreSQL database stand for two
// server instances; their in-process queues are apart, so only the advisory lock keeps the
// orders of one user on one exchange from overlapping. Needs TEST_DATABASE_URL.
import assert from "node:assert/strict";
import { openDatabase } from "../../server/db/client.ts";
import { oneAtATime, type Scoped } from "../../server/trading-halts/day-lock.ts";
import { TEST_DATABASE_URL } from "../support/database.ts";
import { clusterDatabase } from "../support/cluster.ts";

Deno.test({
  name: "limits lock: one user's orders on one exchange never overlap across instances",
  ignore: !TEST_DATABASE_URL,
  async fn() {
    const c = await clusterDatabase("daylock");
    const other = await openDatabase({ url: c.url, max: 2, migrate: false });
    try {
      let inside = 0;
      let most = 0;
      const order = async (scoped: Scoped, fail = false) => {
        inside++;
        most = Math.max(most, inside);
        try {
          // A round trip stands for the exchange call: the others would start meanwhile. The
          // order's queries run on the connection that holds the lock: one connection, not two.
          const [{ held }] = await scoped.sql!`select count(*)::int as held from pg_locks
            where locktype = 'advisory' and pid = pg_backend_pid() and granted`;
          assert.equal(held, 1);
          if (fail) throw new Error("exchange refused");
        } finally {
          inside--;
        }
      };
      const results = await Promise.allSettled(
        [c.database, other, c.database, other, other, c.database].map((database, i) =>
          oneAtATime(database, 7, "binance", (scoped) => order(scoped, i === 1))
        ),
      );
      assert.equal(most, 1);
      // A failed order let the lock go: the rest went through.
      assert.deepEqual(results.map((r) => r.status), [
        "fulfilled",
        "rejected",
        "fulfilled",
        "fulfilled",
        "fulfilled",
        "fulfilled",
      ]);
      // Another exchange is not held up by a lock held on this one.
      most = 0;
      await oneAtATime(
        c.database,
        7,
        "binance",
        () => oneAtATime(other, 7, "gate", (scoped) => order(scoped)),
      );
      assert.equal(most, 1);
    } finally {
      await other.close();
      await c.close();
    }
  },
});
