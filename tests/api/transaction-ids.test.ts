// Transaction ids are reserved in blocks per process (server/transactions/record.ts
// reserveTransactionId): they follow one another within a process, the next block is fetched
// while half of the current one is left (an order finding the block empty waited for a round
// trip, issue 31), and a failed fetch fails only the orders that waited for it.
import assert from "node:assert/strict";
import { sql } from "drizzle-orm";
import type { Db } from "../../server/db/client.ts";
import { executeRows } from "../../server/db/raw-rows.ts";
import { reserveTransactionId } from "../../server/transactions/record.ts";
import { makeTestApp } from "../support/test-app.ts";
import { until } from "../support/until.ts";

async function sequenceAt(db: Db) {
  const [{ at }] = await executeRows<{ at: string | null }>(
    db,
    sql`select pg_sequence_last_value(pg_get_serial_sequence('transactions', 'id')::regclass) as at`,
  );
  return Number(at);
}

Deno.test("transaction ids: in order across blocks, the next block fetched before this one runs out", async () => {
  const t = await makeTestApp();
  try {
    const first = await reserveTransactionId(t.deps.db);
    // 60 of the block's 100 taken: 40 are left, and the next block is on its way.
    const taken = [first];
    for (let i = 1; i < 60; i++) taken.push(await reserveTransactionId(t.deps.db));
    await until(
      async () => await sequenceAt(t.deps.db) >= first + 199,
      5_000,
      "the next block fetched ahead",
    );
    // Concurrent takers across the boundary: every id once, in the order asked.
    taken.push(
      ...await Promise.all(
        Array.from({ length: 240 }, () => reserveTransactionId(t.deps.db)),
      ),
    );
    assert.equal(new Set(taken).size, 300);
    assert.deepEqual(taken, [...taken].sort((a, b) => a - b));
  } finally {
    await t.close();
  }
});

Deno.test("transaction ids: a failed fetch fails the orders waiting for it; the next order asks again", async () => {
  const t = await makeTestApp();
  try {
    let down = true;
    // The same database, unreachable until `down` is cleared.
    const flaky = new Proxy(t.deps.db, {
      get: (db, key) =>
        key === "execute"
          ? (query: unknown) =>
            down ? Promise.reject(new Error("database down")) : db.execute(query as never)
          : Reflect.get(db, key),
    });
    const waiting = [reserveTransactionId(flaky), reserveTransactionId(flaky)];
    for (const p of waiting) await assert.rejects(p, /database down/);
    down = false;
    const a = await reserveTransactionId(flaky);
    const b = await reserveTransactionId(flaky);
    assert.equal(b, a + 1);
  } finally {
    await t.close();
  }
});
