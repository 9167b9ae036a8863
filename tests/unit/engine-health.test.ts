// /api/health on an instance that is not the active engine reads pg_locks at most once a second,
// however often it is asked; the active engine never reads it.
import assert from "node:assert/strict";
import type postgres from "postgres";
import { ManualClock } from "../../server/core/clock.ts";
import type { Database } from "../../server/db/client.ts";
import { ACTIVE_ENGINE_TTL_MS, engineHealth } from "../../server/engine/health.ts";

/** A PostgreSQL client that answers the pg_locks question, counting how often it is asked. */
function countingSql() {
  const asked = { n: 0 };
  const sql = ((strings: TemplateStringsArray) => {
    assert.match(strings.join("?"), /pg_locks/);
    asked.n++;
    return Promise.resolve([{ name: "gatebot engine engine-a" }]);
  }) as unknown as postgres.Sql;
  return { asked, database: { kind: "postgres", sql } as Database };
}

Deno.test("engine health: an api-only instance asks pg_locks once per second, calls at once share it", async () => {
  const clock = new ManualClock();
  const { asked, database } = countingSql();
  const deps = { clock, database, engine: undefined };
  const answers = await Promise.all([1, 2, 3].map(() => engineHealth(deps)));
  assert.deepEqual(answers, Array(3).fill({ self: "none", active: "engine-a" }));
  clock.advance(ACTIVE_ENGINE_TTL_MS - 1);
  await engineHealth(deps);
  assert.equal(asked.n, 1);
  clock.advance(1);
  assert.deepEqual(await engineHealth(deps), { self: "none", active: "engine-a" });
  assert.equal(asked.n, 2);
});

Deno.test("engine health: the active engine names itself without asking", async () => {
  const { asked, database } = countingSql();
  const engine = { name: "engine-b", active: () => true };
  const deps = { clock: new ManualClock(), database, engine } as unknown as Parameters<
    typeof engineHealth
  >[0];
  assert.deepEqual(await engineHealth(deps), { self: "active", active: "engine-b" });
  assert.equal(asked.n, 0);
});
