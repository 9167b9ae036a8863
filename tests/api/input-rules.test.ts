import assert from "node:assert/strict";
import { count } from "drizzle-orm";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { describeError } from "../../server/core/log-error.ts";
import { MAX_TIME_MS } from "../../server/core/input-rules.ts";
import { users } from "../../server/db/schema.ts";
import { makeTestApp } from "../support/test-app.ts";

const NUL = "a\u0000b";

Deno.test("input rules: a NUL in any text is a 400 naming the field, anonymous calls included", async () => {
  const t = await makeTestApp();
  try {
    const admin = await t.user("Admin");
    const [{ n: before }] = await t.deps.db.select({ n: count() }).from(users);
    const cases: [string, string, unknown, string | undefined, string][] = [
      ["POST", "/api/users/login", { username: NUL, password: "secret1" }, undefined, "username"],
      ["POST", "/api/users/forgot-2fa", { username: NUL }, undefined, "username"],
      [
        "GET",
        `/api/users/forgot-password?username=${encodeURIComponent(NUL)}`,
        undefined,
        undefined,
        "username",
      ],
      [
        "POST",
        "/api/users/register",
        {
          email: "nul@example.com",
          username: "nul_user",
          role: "User",
          password: "secret1",
          confirmPassword: "secret1",
          firstName: NUL,
        },
        admin.token,
        "firstName",
      ],
      ["PATCH", `/api/users/${admin.id}`, { group: NUL }, admin.token, "group"],
    ];
    for (const [method, path, body, token, field] of cases) {
      const res = await t.call(method, path, { body, token });
      assert.equal(res.status, 400, `${method} ${path}`);
      const answer = await res.json();
      assert.equal(answer.field, field);
      assert.match(answer.message, /must not contain a NUL character/);
    }
    const [{ n: after }] = await t.deps.db.select({ n: count() }).from(users);
    assert.equal(after, before);
  } finally {
    await t.close();
  }
});

Deno.test("input rules: ids past their column are 400, unknown ids within it 404", async () => {
  const t = await makeTestApp();
  try {
    const admin = await t.user("SuperAdmin");
    const huge = 2 ** 31;
    const refused: [string, string, unknown?][] = [
      ["PATCH", `/api/bot-key/${huge}`, { username: "x" }],
      ["DELETE", `/api/shifts/${huge}`],
      ["PATCH", `/api/shift-report/${huge}`, { account: "x" }],
      ["GET", `/api/audit?actorId=${huge}`],
      ["POST", "/api/users/admin-change-user-password", { userId: huge, newPassword: "secret1" }],
      ["PATCH", `/api/users/${admin.id}`, { selectBots: [huge] }],
      ["DELETE", `/api/transaction/${2 ** 53}`],
      ["PATCH", "/api/transaction/set-done", { ids: [2 ** 53] }],
    ];
    for (const [method, path, body] of refused) {
      const res = await t.call(method, path, { body, token: admin.token });
      assert.equal(res.status, 400, `${method} ${path}`);
      assert.match((await res.json()).message, /Must be an id/);
    }
    const unknown = await t.call("DELETE", `/api/transaction/${huge}`, { token: admin.token });
    assert.equal(unknown.status, 404);
    const shift = await t.call("DELETE", `/api/shifts/${huge - 1}`, { token: admin.token });
    assert.equal(shift.status, 404);
  } finally {
    await t.close();
  }
});

Deno.test("input rules: a time past the year 9999 is a 400", async () => {
  const t = await makeTestApp();
  try {
    const admin = await t.user("Admin");
    for (const end of [MAX_TIME_MS + 1, 8.64e15]) {
      const res = await t.call("POST", "/api/transaction/report", {
        body: { start: 0, end },
        token: admin.token,
      });
      assert.equal(res.status, 400);
      assert.match((await res.json()).message, /^end: Must be a time/);
    }
    // Every route taking a time in its query refuses it alike.
    for (
      const path of [
        `/api/audit?start=${MAX_TIME_MS + 1}`,
        "/api/audit?end=253402300800000",
        "/api/audit?start=8640000000000000",
        `/api/profits?end=${MAX_TIME_MS + 1}`,
      ]
    ) {
      const res = await t.call("GET", path, { token: admin.token });
      assert.equal(res.status, 400, path);
      assert.match((await res.json()).message, /^(start|end): Must be a time/, path);
    }
    const ok = await t.call("POST", "/api/transaction/report", {
      body: { start: 0, end: MAX_TIME_MS },
      token: admin.token,
    });
    assert.equal(ok.status, 200);
    await ok.body?.cancel();
  } finally {
    await t.close();
  }
});

Deno.test("describeError() names a failed query's parameters by column and withholds secrets", () => {
  const hash = "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA";
  const err = new DrizzleQueryError(
    'insert into "users" ("id", "username", "password_hash", "first_name") values (default, $1, $2, $3)',
    ["alice", hash, "Al\u0000ice"],
    new Error('invalid byte sequence for encoding "UTF8": 0x00'),
  );
  const text = describeError(err);
  assert.ok(!text.includes(hash));
  assert.match(text, /username="alice"/);
  assert.match(text, /\[redacted\]/);
  assert.match(text, /caused by Error: invalid byte sequence/);
  const update = describeError(
    new DrizzleQueryError('update "users" set "totp_secret" = $1 where "users"."id" = $2', [
      "abcd:ef01",
      7,
    ]),
  );
  assert.ok(!update.includes("abcd:ef01"));
  assert.match(update, /id=7/);
});

Deno.test("input rules: JSON nested past the depth limit is a 400 on anonymous and signed-in routes, never a 500", async () => {
  const t = await makeTestApp();
  try {
    const admin = await t.user("Admin");
    const deep = "[".repeat(8000) + "]".repeat(8000);
    const deepObject = '{"a":'.repeat(5000) + "1" + "}".repeat(5000);
    const cases: [string, string, string, string | undefined][] = [
      ["POST", "/api/users/login", deep, undefined],
      ["POST", "/api/users/login", deepObject, undefined],
      ["POST", "/api/users/forgot-2fa", deep, undefined],
      ["PATCH", `/api/users/${admin.id}`, `{"group":${deep}}`, admin.token],
    ];
    for (const [method, path, body, token] of cases) {
      const res = await t.app.request(path, {
        method,
        body,
        headers: {
          "content-type": "application/json",
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      });
      assert.equal(res.status, 400, `${method} ${path} ${body.slice(0, 10)}`);
      assert.match((await res.json()).message, /nested too deeply/i);
    }
    // Nesting a real body needs stays accepted.
    const shallow = await t.call("PATCH", `/api/users/${admin.id}`, {
      body: { group: "desk" },
      token: admin.token,
    });
    assert.equal(shallow.status, 200);
  } finally {
    await t.close();
  }
});

Deno.test("input rules: text with a lone surrogate is a 400 naming the field, anonymous calls included", async () => {
  const t = await makeTestApp();
  try {
    const admin = await t.user("Admin");
    const cases: [string, string, string, string | undefined, string][] = [
      [
        "POST",
        "/api/users/login",
        '{"username":"\\ud800x","password":"secret1"}',
        undefined,
        "username",
      ],
      ["POST", "/api/users/forgot-2fa", '{"username":"\\udfff"}', undefined, "username"],
      [
        "POST",
        "/api/users/login",
        '{"username":"abcde","password":"a\\udc00b"}',
        undefined,
        "password",
      ],
      ["PATCH", `/api/users/${admin.id}`, '{"group":"x\\ud83d"}', admin.token, "group"],
      ["PATCH", `/api/users/${admin.id}`, '{"\\ud800":"x"}', admin.token, ""],
    ];
    for (const [method, path, body, token, field] of cases) {
      const res = await t.app.request(path, {
        method,
        body,
        headers: {
          "content-type": "application/json",
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      });
      assert.equal(res.status, 400, `${method} ${path} ${body}`);
      const answer = await res.json();
      assert.equal(answer.field ?? "", field);
      assert.match(answer.message, /valid Unicode/);
    }
    // Percent-encoded bytes that are not UTF-8 in a query or path never reach a 500 either.
    for (
      const path of [
        "/api/users/forgot-password?username=%ED%A0%80",
        "/api/users/forgot-password?username=%F0%9F",
        "/api/users/%ED%A0%80",
      ]
    ) {
      const res = await t.call("GET", path, { token: admin.token });
      assert.ok(res.status < 500, `${path}: ${res.status}`);
      await res.body?.cancel();
    }
    // A surrogate pair (an emoji) is valid text.
    const emoji = await t.call("PATCH", `/api/users/${admin.id}`, {
      body: { group: "desk \ud83d\ude00" },
      token: admin.token,
    });
    assert.equal(emoji.status, 200);
  } finally {
    await t.close();
  }
});
