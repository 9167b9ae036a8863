import assert from "node:assert/strict";
import { ManualClock } from "../../server/core/clock.ts";
import { TtlCache } from "../../server/yahoo-finance/cache.ts";

function counting() {
  let loads = 0;
  const release: Array<() => void> = [];
  const load = (value: string) => () => {
    loads++;
    return new Promise<string>((resolve) => release.push(() => resolve(value)));
  };
  return { load, loads: () => loads, releaseAll: () => release.splice(0).forEach((r) => r()) };
}

Deno.test("TtlCache: concurrent gets of one key share a single load", async () => {
  const cache = new TtlCache<string>(new ManualClock(), 60_000, 10);
  const c = counting();
  const all = Promise.all([1, 2, 3, 4, 5].map(() => cache.get("k", c.load("v"))));
  c.releaseAll();
  assert.deepEqual(await all, ["v", "v", "v", "v", "v"]);
  assert.equal(c.loads(), 1);
});

Deno.test("TtlCache: a value is served until its time is up, then loaded again", async () => {
  const clock = new ManualClock();
  const cache = new TtlCache<string>(clock, 60_000, 10);
  assert.equal(await cache.get("k", () => Promise.resolve("first")), "first");
  clock.advance(59_999);
  assert.equal(await cache.get("k", () => Promise.resolve("second")), "first");
  clock.advance(1);
  assert.equal(await cache.get("k", () => Promise.resolve("second")), "second");
});

Deno.test("TtlCache: a failed load is not kept, so the next get tries again", async () => {
  const cache = new TtlCache<string>(new ManualClock(), 60_000, 10);
  await assert.rejects(cache.get("k", () => Promise.reject(new Error("boom"))), /boom/);
  assert.equal(cache.size, 0);
  assert.equal(await cache.get("k", () => Promise.resolve("ok")), "ok");
});

Deno.test("TtlCache: past its bound it forgets the oldest keys", async () => {
  const cache = new TtlCache<string>(new ManualClock(), 60_000, 3);
  for (const k of ["a", "b", "c", "d"]) await cache.get(k, () => Promise.resolve(k));
  assert.equal(cache.size, 3);
  assert.equal(await cache.get("a", () => Promise.resolve("a again")), "a again");
  assert.equal(await cache.get("d", () => Promise.resolve("d again")), "d");
});
