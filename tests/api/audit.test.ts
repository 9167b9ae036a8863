import assert from "node:assert/strict";
import { auditLog } from "../../server/db/schema.ts";
import { makeTestApp } from "../support/test-app.ts";

interface Entry {
  action: string;
  actorUsername: string | null;
  targetUsername: string | null;
  targetUserId: number | null;
  details: Record<string, unknown>;
  at: string;
}

Deno.test("audit: every staff change is recorded with who, whom and when, and no secret", async () => {
  const t = await makeTestApp();
  try {
    const admin = await t.user("Admin", "audit_admin");
    const created = await t.call("POST", "/api/users/register", {
      token: admin.token,
      body: {
        email: "audited@example.com",
        username: "audited_user",
        password: "topsecret-pw-1",
        confirmPassword: "topsecret-pw-1",
      },
    });
    const { id } = await created.json();
    const steps: [string, string, unknown][] = [
      ["PATCH", `/api/users/${id}`, { tradingAmount: "25.5", group: "night" }],
      ["POST", `/api/users/${id}/change-role`, { role: "Lead" }],
      ["POST", "/api/users/admin-change-user-password", { userId: id, newPassword: "other-pw-22" }],
      ["DELETE", `/api/users/${id}`, undefined],
    ];
    for (const [method, path, body] of steps) {
      t.clock.advance(1000);
      const res = await t.call(method, path, { token: admin.token, body });
      assert.equal(res.status, 200, `${method} ${path}`);
      await res.body?.cancel();
    }
    const res = await t.call("GET", `/api/audit?targetUserId=${id}`, { token: admin.token });
    assert.equal(res.status, 200);
    const text = await res.text();
    const { items, totalItems } = JSON.parse(text) as { items: Entry[]; totalItems: number };
    assert.equal(totalItems, 5);
    assert.deepEqual(items.map((e) => e.action), [
      "user.deleted",
      "user.password_set",
      "user.role_changed",
      "user.updated",
      "user.created",
    ]);
    for (const e of items) {
      assert.equal(e.actorUsername, "audit_admin");
      assert.equal(e.targetUsername, "audited_user");
    }
    assert.deepEqual(items[2].details, { from: "User", to: "Lead" });
    assert.deepEqual(items[3].details, { changes: { tradingAmount: "25.5", group: "night" } });
    assert.equal(items[0].at, new Date(t.clock.now()).toISOString());
    // Neither the passwords nor their hashes ever reach the log.
    assert.doesNotMatch(text, /topsecret-pw-1|other-pw-22|argon2|password"\s*:/);
    const stored = JSON.stringify(await t.deps.db.select().from(auditLog));
    assert.doesNotMatch(stored, /topsecret-pw-1|other-pw-22|argon2/);
  } finally {
    await t.close();
  }
});

Deno.test("audit: newest first in pages, filtered by action; Lead and User are refused", async () => {
  const t = await makeTestApp();
  try {
    const admin = await t.user("Admin");
    for (let i = 0; i < 3; i++) {
      t.clock.advance(1000);
      const res = await t.call("POST", "/api/users/register", {
        token: admin.token,
        body: {
          email: `paged_${i}@example.com`,
          username: `paged_${i}`,
          password: "secret12",
          confirmPassword: "secret12",
        },
      });
      await res.body?.cancel();
    }
    const page = await t.call("GET", "/api/audit?action=user.created&page=2&limit=2", {
      token: admin.token,
    });
    const body = await page.json();
    assert.equal(body.totalItems, 3);
    assert.deepEqual(body.items.map((e: Entry) => e.targetUsername), ["paged_0"]);
    for (const role of ["Lead", "User"] as const) {
      const res = await t.call("GET", "/api/audit", { token: (await t.user(role)).token });
      assert.equal(res.status, 403);
      await res.body?.cancel();
    }
    for (const query of ["limit=0", "action=user.nonsense"]) {
      const bad = await t.call("GET", `/api/audit?${query}`, { token: admin.token });
      assert.equal(bad.status, 400, query);
      assert.ok((await bad.json()).message, query);
    }
    const all = await t.call("GET", "/api/audit?action=", { token: admin.token });
    assert.equal(all.status, 200);
    assert.ok((await all.json()).totalItems >= 3);
  } finally {
    await t.close();
  }
});

Deno.test("audit: filtered by actor (a username's start, failed sign-ins too) and by time range", async () => {
  const t = await makeTestApp();
  try {
    const admin = await t.user("Admin", "boss_one");
    const from = t.clock.now().getTime();
    t.clock.advance(60_000);
    const failed = await t.call("POST", "/api/users/login", {
      body: { username: "ghost_100", password: "nope-nope" },
    });
    await failed.body?.cancel();
    t.clock.advance(60_000);
    const list = async (query: string) => {
      const res = await t.call("GET", `/api/audit?${query}`, { token: admin.token });
      assert.equal(res.status, 200, query);
      return (await res.json()).items as Entry[];
    };
    const ghost = await list("actor=GHOST");
    assert.deepEqual(ghost.map((e) => e.action), ["signin.failed"]);
    assert.ok((await list("actor=boss")).every((e) => e.actorUsername === "boss_one"));
    assert.deepEqual(await list("actor=boss%25"), [], "% is matched as itself");
    // The minute after `from` holds the failed sign-in only.
    const window = await list(`start=${from + 1}&end=${from + 60_000}`);
    assert.deepEqual(window.map((e) => e.action), ["signin.failed"]);
    assert.deepEqual(await list(`start=${from + 60_001}`), []);
    const bad = await t.call("GET", `/api/audit?start=5&end=4`, { token: admin.token });
    assert.equal(bad.status, 400);
    await bad.body?.cancel();
  } finally {
    await t.close();
  }
});
