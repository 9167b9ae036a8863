import assert from "node:assert/strict";
import { totpCode } from "../../server/auth/totp.ts";
import { makeTestApp, type TestApp, type TestUser } from "../support/test-app.ts";

const DAY_MS = 86_400_000;

/** A fresh token for an existing user (sessions expire before a day has passed). */
async function signIn(t: TestApp, user: TestUser) {
  const res = await t.call("POST", "/api/users/login", {
    body: {
      username: user.username,
      password: user.password,
      code: await totpCode(user.totpSecret, t.clock.now()),
    },
  });
  assert.equal(res.status, 200);
  return (await res.json()).token as string;
}

Deno.test("shift-report: a User saves today's report, empty amounts become 0, a second save is 409", async () => {
  const t = await makeTestApp();
  try {
    const user = await t.user("User");
    const none = await t.call("GET", "/api/shift-report/today", { token: user.token });
    assert.equal(none.status, 200);
    assert.equal(await none.json(), null);

    const res = await t.call("POST", "/api/shift-report", {
      token: user.token,
      body: { account: " ACC-1 ", usdtIn: "1500.25", usdtOut: "", btcIn: 0, ethOut: "0.12345678" },
    });
    assert.equal(res.status, 201);
    const report = await res.json();
    assert.equal(report.account, "ACC-1");
    assert.equal(report.userId, user.id);
    assert.equal(report.reportDate, t.clock.now().toISOString().slice(0, 10));
    assert.deepEqual(
      [report.usdtIn, report.usdtOut, report.btcIn, report.btcOut, report.ethOut, report.gtIn],
      ["1500.25", "0", "0", "0", "0.12345678", "0"],
    );

    const today = await (await t.call("GET", "/api/shift-report/today", { token: user.token }))
      .json();
    assert.equal(today.id, report.id);
    const again = await t.call("POST", "/api/shift-report", {
      token: user.token,
      body: { account: "ACC-2" },
    });
    assert.equal(again.status, 409);
  } finally {
    await t.close();
  }
});

Deno.test("shift-report: a missing account is 'Required' and bad amounts are 400", async () => {
  const t = await makeTestApp();
  try {
    const { token } = await t.user("User");
    for (const body of [{}, { account: "" }, { account: "   " }]) {
      const res = await t.call("POST", "/api/shift-report", { token, body });
      assert.equal(res.status, 400);
      const { message, field } = await res.json();
      assert.equal(field, "account");
      assert.match(message, /Required/);
    }
    for (const usdtIn of ["abc", "-1", -1, "1.123456789", "1e5", "1".repeat(31)]) {
      const res = await t.call("POST", "/api/shift-report", {
        token,
        body: { account: "A", usdtIn },
      });
      assert.equal(res.status, 400, String(usdtIn));
      assert.equal((await res.json()).field, "usdtIn");
    }
    assert.equal(await (await t.call("GET", "/api/shift-report/today", { token })).json(), null);
  } finally {
    await t.close();
  }
});

Deno.test("shift-report: a user edits only their own report of today; Admin edits any", async () => {
  const t = await makeTestApp();
  try {
    const owner = await t.user("User");
    const other = await t.user("Lead");
    const admin = await t.user("Admin");
    const report = await (await t.call("POST", "/api/shift-report", {
      token: owner.token,
      body: { account: "A1", usdtIn: "10" },
    })).json();

    const own = await t.call("PATCH", `/api/shift-report/${report.id}`, {
      token: owner.token,
      body: { usdtOut: "4.5", gtIn: "" },
    });
    assert.equal(own.status, 200);
    const edited = await own.json();
    assert.deepEqual([edited.account, edited.usdtIn, edited.usdtOut, edited.gtIn], [
      "A1",
      "10",
      "4.5",
      "0",
    ]);

    const foreign = await t.call("PATCH", `/api/shift-report/${report.id}`, {
      token: other.token,
      body: { usdtOut: "1" },
    });
    assert.equal(foreign.status, 403);

    t.clock.advance(DAY_MS);
    const late = await t.call("PATCH", `/api/shift-report/${report.id}`, {
      token: await signIn(t, owner),
      body: { usdtOut: "1" },
    });
    assert.equal(late.status, 403);

    t.clock.advance(30_000);
    const adminToken = await signIn(t, admin);
    const byAdmin = await t.call("PATCH", `/api/shift-report/${report.id}`, {
      token: adminToken,
      body: { account: "A1-fixed", btcIn: "0.5" },
    });
    assert.equal(byAdmin.status, 200);
    const fixed = await byAdmin.json();
    assert.deepEqual([fixed.account, fixed.btcIn, fixed.usdtOut, fixed.username], [
      "A1-fixed",
      "0.5",
      "4.5",
      owner.username,
    ]);

    const blank = await t.call("PATCH", `/api/shift-report/${report.id}`, {
      token: adminToken,
      body: { account: "" },
    });
    assert.equal(blank.status, 400);
    assert.equal(
      (await t.call("PATCH", "/api/shift-report/999999", {
        token: adminToken,
        body: { usdtIn: "1" },
      })).status,
      404,
    );
    assert.equal((await t.call("GET", "/api/shift-report/today")).status, 401);
  } finally {
    await t.close();
  }
});
