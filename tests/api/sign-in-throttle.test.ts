import assert from "node:assert/strict";
import { eq, getTableName, inArray, type Table } from "drizzle-orm";
import { forgotPassword, forgotTotp } from "../../server/auth/service.ts";
import { afterAnswerSettled } from "../../server/core/after-answer.ts";
import type { Db } from "../../server/db/client.ts";
import type { Deps } from "../../server/deps.ts";
import { takeTurn, THROTTLE, waitAfter } from "../../server/auth/throttle.ts";
import { totpCode } from "../../server/auth/totp.ts";
import { auditLog } from "../../server/db/schema.ts";
import { until } from "../support/until.ts";
import { makeTestApp, type TestApp, type TestUser } from "../support/test-app.ts";

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
    assert.match((await waiting.json()).message, /try again in 1 seconds/i);
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

/**
 * Wrong passwords for `u`, each from a new address, until `checked` of them were answered 401,
 * waiting out the account's wait between: the account then waits a while.
 */
async function slowDown(t: TestApp, u: TestUser, checked: number) {
  let failures = 0;
  for (let n = 0; failures < checked; n++) {
    const res = await login(t, `198.18.200.${n}`, wrongFor(u));
    await res.body?.cancel();
    if (res.status === 401) failures++;
    else {
      assert.equal(res.status, 429);
      t.clock.advance(waitAfter(THROTTLE.username, failures));
    }
  }
}

Deno.test("sign-in throttle: an attacker's failures do not keep the right user out", async () => {
  const t = await makeTestApp({ TRUST_PROXY: true });
  try {
    const admin = await t.user("SuperAdmin");
    const other = await t.user("User");
    await slowDown(t, admin, 10);
    // The account now waits 64 s: a right password is not told apart from a wrong one.
    const attacker = "203.0.113.9";
    const held = await login(t, attacker, { ...wrongFor(admin), password: admin.password });
    assert.equal(held.status, 429);
    assert.match((await held.json()).message, /right password and a current code/);
    assert.equal(await auditCount(t, "signin.throttled", attacker), 1);
    // The SuperAdmin, from an office address with a failure of its own on another name, signs in
    // at once with the code.
    const office = "192.0.2.77";
    assert.equal((await login(t, office, wrongFor(other))).status, 401);
    const res = await login(t, office, await rightCredentials(t, admin));
    assert.equal(res.status, 200);
    assert.ok((await res.json()).token);
  } finally {
    await t.close();
  }
});

Deno.test("sign-in throttle: 30 addresses guessing one account check no more passwords than one address", async () => {
  const t = await makeTestApp({ TRUST_PROXY: true });
  try {
    const admin = await t.user("SuperAdmin");
    const statuses: number[] = [];
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 30; i++) {
        const res = await login(t, `198.18.${round}.${i}`, wrongFor(admin));
        statuses.push(res.status);
        if (res.status === 429) {
          assert.ok(Number(res.headers.get("retry-after")) >= 1, "Retry-After on every 429");
        }
        await res.body?.cancel();
      }
    }
    // As from one address: the free attempts, then one per wait (none passed here).
    assert.equal(statuses.filter((s) => s === 401).length, THROTTLE.username.free + 1);
    assert.equal(statuses.filter((s) => s === 429).length, 90 - THROTTLE.username.free - 1);
  } finally {
    await t.close();
  }
});

Deno.test("sign-in throttle: during an account's wait a right password without a right code is answered as the wait", async () => {
  const t = await makeTestApp({ TRUST_PROXY: true });
  try {
    const u = await t.user("User");
    await slowDown(t, u, 10);
    const right = await rightCredentials(t, u);
    for (const body of [wrongFor(u), { ...right, code: "000000" }, { ...right, code: undefined }]) {
      const res = await login(t, "198.18.2.1", body);
      assert.equal(res.status, 429, JSON.stringify(body));
      const answer = await res.json();
      assert.equal(answer.code, "auth.accountSlowed");
      assert.ok(answer.params.seconds >= 1);
    }
    assert.equal((await login(t, "198.18.2.1", right)).status, 200);
  } finally {
    await t.close();
  }
});

Deno.test("sign-in throttle: a username that is not valid Unicode is counted like any other", async () => {
  const t = await makeTestApp();
  try {
    for (const name of ["\ud800x", "\udfff"]) {
      const turn = await takeTurn(t.deps.db, "login", name, "10.9.9.9", t.clock.now());
      assert.equal(turn.allowed, true);
    }
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

/**
 * drizzle over `db`, recording each statement as "verb:table" in `trace`; a read of users waits
 * for `gate`, so an answer that waited on one would never come.
 */
function traced(db: Db, trace: string[], gate: Promise<void>): Db {
  const chain = (builder: object, index: number): object =>
    new Proxy(builder, {
      get(target, prop) {
        const value = Reflect.get(target, prop);
        if (prop === "then") {
          return trace[index].endsWith(":users")
            ? (ok: () => void, fail: () => void) => gate.then(() => value.call(target, ok, fail))
            : value.bind(target);
        }
        if (typeof value !== "function") return value;
        return (...args: unknown[]) => {
          if (prop === "from") trace[index] += `:${getTableName(args[0] as Table)}`;
          const next = value.apply(target, args);
          return next && typeof next === "object" ? chain(next, index) : next;
        };
      },
    });
  return new Proxy(db, {
    get(target, prop) {
      const value = Reflect.get(target, prop);
      if (prop === "transaction") {
        return (work: (tx: Db) => unknown, config?: unknown) =>
          value.call(target, (tx: Db) => work(traced(tx, trace, gate)), config);
      }
      if (!["select", "insert", "update", "delete"].includes(prop as string)) return value;
      return (...args: unknown[]) => {
        const table = args[0] && prop !== "select" ? `:${getTableName(args[0] as Table)}` : "";
        const index = trace.push(`${String(prop)}${table}`) - 1;
        return chain(value.apply(target, args), index);
      };
    },
  });
}

/** `work`, or a failure once `ms` passed without it. */
async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, fail) =>
    timer = setTimeout(() => fail(new Error(`no answer in ${ms} ms: it waited on users`)), ms)
  );
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

Deno.test("forgot-password and forgot-2fa: the same statements answer a known and an unknown user, none waiting on users", async () => {
  const t = await makeTestApp();
  try {
    const known = await t.user("User");
    for (
      const call of [
        (deps: Deps, name: string, ip: string) => forgotPassword(deps, null, name, ip),
        (deps: Deps, name: string, ip: string) => forgotTotp(deps, null, { username: name }, ip),
      ]
    ) {
      const gate = Promise.withResolvers<void>();
      const answered: Record<string, string[]> = {};
      for (const [i, name] of [known.username, "nobody_by_that_name"].entries()) {
        const trace: string[] = [];
        const deps = { ...t.deps, db: traced(t.deps.db, trace, gate.promise) };
        // Users cannot be read yet: the answer comes all the same (or it would never come).
        const answer = await within(10_000, call(deps, name, `10.3.0.${i}`));
        assert.deepEqual(answer, {
          message: "Your request was recorded. An administrator will reset your access.",
          code: "auth.forgotRecorded",
          params: {},
        });
        answered[name] = [...trace];
      }
      assert.deepEqual(answered[known.username], answered.nobody_by_that_name);
      assert.deepEqual(answered.nobody_by_that_name, [
        "delete:login_throttle",
        "insert:login_throttle",
        "select:login_throttle",
        "update:login_throttle",
        "update:login_throttle",
        // The lookup starts with the answer, which does not wait for it.
        "select:users",
      ]);
      gate.resolve();
    }
    await afterAnswerSettled();
    const recorded = await t.deps.db.select().from(auditLog)
      .where(inArray(auditLog.action, ["password.reset_requested", "2fa.reset_requested"]));
    assert.deepEqual(
      recorded.map((r) => [r.action, r.targetUserId]).sort(),
      [
        ["2fa.reset_requested", known.id],
        ["2fa.reset_requested", null],
        ["password.reset_requested", known.id],
        ["password.reset_requested", null],
      ].sort(),
    );
  } finally {
    await t.close();
  }
});
