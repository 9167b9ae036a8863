import assert from "node:assert/strict";
import { eq, inArray } from "drizzle-orm";
import { hashPassword } from "../../server/auth/password.ts";
import { THROTTLE, waitAfter } from "../../server/auth/throttle.ts";
import { totpCode } from "../../server/auth/totp.ts";
import { auditLog, users } from "../../server/db/schema.ts";
import { until } from "../support/until.ts";
import {
  makeTestApp,
  TEST_PASSWORD_COST,
  type TestApp,
  type TestUser,
} from "../support/test-app.ts";

/** A request from a given client address (these apps trust X-Forwarded-For). */
function from(t: TestApp, ip: string, method: string, path: string, body?: unknown) {
  return t.app.request(path, {
    method,
    headers: { "content-type": "application/json", "x-forwarded-for": ip },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const login = (t: TestApp, ip: string, body: unknown) =>
  from(t, ip, "POST", "/api/users/login", body);

/** The right password and a code of a time step not used yet. */
async function rightCredentials(t: TestApp, u: TestUser) {
  t.clock.advance(30_000);
  const code = await totpCode(u.totpSecret, t.clock.now());
  return { username: u.username, password: u.password, code };
}

const wrongFor = (u: TestUser) => ({ username: u.username, password: "wrong-pass" });

async function auditCount(t: TestApp, action: string, ip: string) {
  const rows = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, action));
  return rows.filter((r) => r.details.ip === ip).length;
}

Deno.test("sign-in throttle: past the free attempts each failure doubles the wait; a success clears it", async () => {
  const t = await makeTestApp({ TRUST_PROXY: true });
  try {
    const u = await t.user("User");
    const ip = "10.0.0.1";
    for (let i = 1; i <= THROTTLE.username.free + 1; i++) {
      assert.equal((await login(t, ip, wrongFor(u))).status, 401, `attempt ${i}`);
    }
    const waiting = await login(t, ip, wrongFor(u));
    assert.equal(waiting.status, 429);
    assert.match((await waiting.json()).message, /Try again in 1 seconds/);
    t.clock.advance(waitAfter(THROTTLE.username, THROTTLE.username.free + 1));
    assert.equal((await login(t, ip, wrongFor(u))).status, 401);
    // The next wait is twice as long.
    t.clock.advance(waitAfter(THROTTLE.username, THROTTLE.username.free + 1));
    assert.equal((await login(t, ip, wrongFor(u))).status, 429);
    t.clock.advance(waitAfter(THROTTLE.username, THROTTLE.username.free + 1));
    assert.equal((await login(t, ip, wrongFor(u))).status, 401);
    // Past the wait the right user gets in, and the username starts again from nothing.
    assert.equal((await login(t, ip, await rightCredentials(t, u))).status, 200);
    assert.equal((await login(t, ip, wrongFor(u))).status, 401);
    assert.equal(await auditCount(t, "signin.failed", ip), THROTTLE.username.free + 4);
    assert.equal(await auditCount(t, "signin.throttled", ip), 2);
    assert.equal(await auditCount(t, "signin.succeeded", ip), 1);
  } finally {
    await t.close();
  }
});

Deno.test("sign-in throttle: an attacker's failures do not keep the right user out", async () => {
  const t = await makeTestApp({ TRUST_PROXY: true });
  try {
    const admin = await t.user("SuperAdmin");
    const attacker = "203.0.113.9";
    let failures = 0;
    while (failures < 10) {
      const res = await login(t, attacker, wrongFor(admin));
      if (res.status === 401) failures++;
      else {
        assert.equal(res.status, 429);
        t.clock.advance(waitAfter(THROTTLE.username, failures));
      }
    }
    // The username now waits 64 s; the attacker is held to it.
    assert.equal((await login(t, attacker, await rightCredentials(t, admin))).status, 429);
    // The SuperAdmin, from a client that has not been failing, signs in at once.
    const res = await login(t, "198.51.100.4", await rightCredentials(t, admin));
    assert.equal(res.status, 200);
    assert.ok((await res.json()).token);
    assert.equal(await auditCount(t, "signin.failed", attacker), 10);
    assert.ok(await auditCount(t, "signin.throttled", attacker) >= 1);
  } finally {
    await t.close();
  }
});

Deno.test("sign-in throttle: 20 parallel wrong passwords are counted before they are checked", async () => {
  const t = await makeTestApp({ TRUST_PROXY: true });
  try {
    const u = await t.user("User");
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => login(t, "10.0.0.2", wrongFor(u))),
    );
    const statuses = answers.map((r) => r.status);
    await Promise.all(answers.map((r) => r.body?.cancel()));
    assert.equal(statuses.filter((s) => s === 401).length, THROTTLE.username.free + 1);
    assert.equal(statuses.filter((s) => s === 429).length, 20 - THROTTLE.username.free - 1);
  } finally {
    await t.close();
  }
});

Deno.test("forgot-password and forgot-2fa: throttled like sign-in, answered alike for unknown users", async () => {
  const t = await makeTestApp({ TRUST_PROXY: true });
  try {
    const u = await t.user("User");
    for (const name of [u.username, "nobody_here"]) {
      const answers = [];
      for (let i = 0; i <= THROTTLE.username.free + 1; i++) {
        const res = await from(t, "10.0.0.3", "POST", "/api/users/forgot-2fa", { username: name });
        answers.push([res.status, (await res.json()).message]);
      }
      assert.deepEqual(answers.map((a) => a[0]), [200, 200, 200, 200, 429]);
      assert.equal(new Set(answers.slice(0, 4).map((a) => a[1])).size, 1);
      t.clock.advance(THROTTLE.windowMs + 1);
    }
    const path = (name: string) => `/api/users/forgot-password?username=${name}`;
    const known = await (await from(t, "10.0.0.4", "GET", path(u.username))).json();
    const unknown = await (await from(t, "10.0.0.4", "GET", path("nobody_here"))).json();
    assert.deepEqual(known, unknown);
    await until(
      async () => {
        const rows = await t.deps.db.select({ id: auditLog.id }).from(auditLog)
          .where(eq(auditLog.action, "password.reset_requested"));
        return rows.length === 2;
      },
      10_000,
      "both forgot-password requests recorded",
    );
  } finally {
    await t.close();
  }
});

const median = (xs: number[]) => xs.toSorted((a, b) => a - b)[Math.floor(xs.length / 2)];

Deno.test("forgot-password and forgot-2fa: the same time at the median whether the user exists", async () => {
  const t = await makeTestApp({ TRUST_PROXY: true });
  try {
    const N = 101;
    const passwordHash = await hashPassword("password1", TEST_PASSWORD_COST);
    const names = Array.from({ length: N }, (_, i) => `timing_user_${i}`);
    // Staff numbers past newUniqueId's six digits, so none collides.
    await t.deps.db.insert(users).values(names.map((username, i) => ({
      username,
      email: `${username}@example.com`,
      passwordHash,
      uniqueId: 1_000_000 + i,
    })));
    const calls = {
      "forgot-password": (name: string, ip: string) =>
        from(t, ip, "GET", `/api/users/forgot-password?username=${name}`),
      "forgot-2fa": (name: string, ip: string) =>
        from(t, ip, "POST", "/api/users/forgot-2fa", { username: name }),
    };
    let made = 0;
    /** Known minus unknown, the median over neighbouring pairs (the load weighs on both alike). */
    const gapOf = async (call: (name: string, ip: string) => Response | Promise<Response>) => {
      const gaps: number[] = [];
      for (let i = 0; i < N; i++) {
        const took = { known: 0, unknown: 0 };
        // Each from its own address, in alternating order, so neither side always goes first.
        for (const kind of i % 2 ? ["known", "unknown"] as const : ["unknown", "known"] as const) {
          const name = kind === "known" ? names[i] : `unknown_user_${i}`;
          const start = performance.now();
          const res = await call(name, `10.1.${i}.${kind === "known" ? 1 : 2}`);
          await res.body?.cancel();
          took[kind] = performance.now() - start;
          made++;
          assert.equal(res.status, 200);
        }
        gaps.push(took.known - took.unknown);
      }
      return median(gaps);
    };
    for (const [what, call] of Object.entries(calls)) {
      await (await call("warm_up", "10.1.0.0")).body?.cancel();
      made++;
      // A real difference shows in every round; a busy machine's noise rarely three times.
      const gaps: number[] = [];
      for (let round = 0; round < 3 && !gaps.some((g) => Math.abs(g) < 1); round++) {
        gaps.push(await gapOf(call));
      }
      assert.ok(
        gaps.some((g) => Math.abs(g) < 1),
        `${what}: known minus unknown, medians ${gaps.map((g) => g.toFixed(2)).join(", ")} ms`,
      );
    }
    // Recorded after the answers went: every request, known or not.
    await until(
      async () => {
        const recorded = await t.deps.db.select({ id: auditLog.id }).from(auditLog)
          .where(inArray(auditLog.action, ["password.reset_requested", "2fa.reset_requested"]));
        return recorded.length === made;
      },
      10_000,
      "every forgot-* request recorded",
    );
  } finally {
    await t.close();
  }
});
