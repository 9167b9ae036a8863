import assert from "node:assert/strict";
import { type FoundSession, SessionCache } from "../../server/auth/session-cache.ts";

const found = (userId: number, expiresAt = new Date("2030-01-01")) =>
  ({ session: { expiresAt }, user: { id: userId } }) as unknown as FoundSession;

function setup(ttlMs = 1000, max?: number) {
  let now = 0;
  const cache = new SessionCache({ ttlMs, max, now: () => now });
  return { cache, tick: (ms: number) => (now += ms) };
}

const at = new Date("2026-01-01");

Deno.test("session cache: an entry is reused until its time to live has passed", () => {
  const { cache, tick } = setup();
  cache.set("a", found(1), cache.ticket());
  tick(999);
  assert.equal(cache.get("a", at)?.user.id, 1);
  tick(1);
  assert.equal(cache.get("a", at), undefined);
  assert.equal(cache.size, 0);
});

Deno.test("session cache: a session past its expiry is never answered from the cache", () => {
  const { cache } = setup(60_000);
  cache.set("a", found(1, new Date("2026-01-01T00:00:05Z")), cache.ticket());
  assert.ok(cache.get("a", new Date("2026-01-01T00:00:04Z")));
  assert.equal(cache.get("a", new Date("2026-01-01T00:00:05Z")), undefined);
});

Deno.test("session cache: forgetting a user drops each of their tokens; null drops everyone", () => {
  const { cache } = setup();
  cache.set("a", found(1), cache.ticket());
  cache.set("b", found(1), cache.ticket());
  cache.set("c", found(2), cache.ticket());
  cache.forgetUser(1);
  assert.equal(cache.get("a", at), undefined);
  assert.equal(cache.get("b", at), undefined);
  assert.equal(cache.get("c", at)?.user.id, 2);
  cache.forgetUser(null);
  assert.equal(cache.size, 0);
});

Deno.test("session cache: beyond its size the oldest entry goes first", () => {
  const { cache } = setup(1000, 2);
  cache.set("a", found(1), cache.ticket());
  cache.set("b", found(2), cache.ticket());
  cache.set("c", found(3), cache.ticket());
  assert.equal(cache.get("a", at), undefined);
  assert.equal(cache.get("b", at)?.user.id, 2);
  assert.equal(cache.get("c", at)?.user.id, 3);
});

Deno.test("session cache: a lookup begun before a user's sessions were dropped is not kept", () => {
  const { cache } = setup();
  const ticket = cache.ticket();
  // The lookup is under way when a logout (here or on another instance) drops the user.
  cache.forgetUser(1);
  cache.set("a", found(1), ticket);
  assert.equal(cache.get("a", at), undefined);
  cache.set("a", found(1), cache.ticket());
  assert.equal(cache.get("a", at)?.user.id, 1);
});
