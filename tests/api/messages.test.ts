import assert from "node:assert/strict";
import { makeTestApp } from "../support/test-app.ts";

Deno.test("api errors: { code, message, params } with the spec's English message", async () => {
  const t = await makeTestApp();
  try {
    const admin = await t.user("SuperAdmin");
    const missing = await t.call("DELETE", "/api/users/999999", { token: admin.token });
    assert.equal(missing.status, 404);
    assert.deepEqual(await missing.json(), {
      message: "User 999999 not found.",
      code: "users.notFound",
      params: { id: 999999 },
    });

    const invalid = await t.call("POST", "/api/users/login", { body: { password: "x" } });
    assert.equal(invalid.status, 400);
    const body = await invalid.json();
    assert.equal(body.code, "validation.field");
    assert.equal(body.field, "username");
    assert.equal(body.message, `username: ${body.params.issue}`);

    // The input rules' issues are coded too: the client words them in any language.
    const nul = await t.call("POST", "/api/users/login", {
      body: { username: "a\u0000b", password: "x" },
    });
    assert.equal(nul.status, 400);
    assert.deepEqual(await nul.json(), {
      message: "username: must not contain a NUL character",
      code: "validation.field",
      params: {
        field: "username",
        issue: "must not contain a NUL character",
        issueCode: "input.nul",
      },
      field: "username",
    });
    // zod's own issues too (server/core/zod-messages.shared.ts), not zod's English defaults.
    const long = await t.call("POST", "/api/users/login", {
      body: { username: "u".repeat(101), password: "x" },
    });
    assert.equal(long.status, 400);
    assert.deepEqual(await long.json(), {
      message: "username: Too long: at most 100 characters",
      code: "validation.field",
      params: {
        field: "username",
        issue: "Too long: at most 100 characters",
        issueCode: "zod.tooLong",
        maximum: "100",
      },
      field: "username",
    });
    // A wrong type names the type by its code too: the client words "string" as well.
    const typed = await t.call("POST", "/api/users/login", {
      body: { username: 5, password: "x" },
    });
    assert.equal(typed.status, 400);
    assert.deepEqual(await typed.json(), {
      message: "username: Invalid value: expected string",
      code: "validation.field",
      params: {
        field: "username",
        issue: "Invalid value: expected string",
        issueCode: "zod.type",
        expected: "string",
        expectedCode: "zod.typeName.string",
      },
      field: "username",
    });
    // A schema's own issue is a catalogue message too, with its params.
    const short = await t.call("POST", "/api/users/change-password", {
      token: admin.token,
      body: { oldPassword: "x", newPassword: "brandnew1" },
    });
    assert.equal(short.status, 400);
    assert.deepEqual((await short.json()).params, {
      field: "oldPassword",
      issue: "Password must be at least 6 characters",
      issueCode: "input.passwordMin",
    });
    const zone = await t.call("PUT", "/api/push/settings", {
      token: admin.token,
      body: { targets: [], quietStart: null, quietEnd: null, timeZone: "Mars/Olympus" },
    });
    assert.equal(zone.status, 400);
    assert.deepEqual((await zone.json()).params, {
      field: "timeZone",
      issue: "Unknown time zone",
      issueCode: "input.timeZone",
    });
    const id = await t.call("DELETE", "/api/transaction/0", { token: admin.token });
    assert.equal((await id.json()).params.issueCode, "input.id");

    const unknown = await t.call("GET", "/api/no-such-route");
    assert.deepEqual(await unknown.json(), {
      message: "Not found: GET /api/no-such-route",
      code: "api.notFound",
      params: { method: "GET", path: "/api/no-such-route" },
    });
  } finally {
    await t.close();
  }
});

Deno.test("api successes: every answer with a message carries its code and params", async () => {
  const t = await makeTestApp();
  try {
    const admin = await t.user("SuperAdmin");
    const user = await t.user("User");
    const said = async (res: Response) => {
      assert.equal(res.status, 200);
      const { message, code, params } = await res.json();
      return { message, code, params };
    };
    assert.deepEqual(
      await said(await t.call("GET", `/api/users/forgot-password?username=${user.username}`)),
      {
        message: "Your request was recorded. An administrator will reset your access.",
        code: "auth.forgotRecorded",
        params: {},
      },
    );
    const issued = await t.call("GET", `/api/users/forgot-password?username=${user.username}`, {
      token: admin.token,
    });
    const { resetToken, ...issuedSaid } = await issued.json();
    assert.deepEqual(
      { message: issuedSaid.message, code: issuedSaid.code, params: issuedSaid.params },
      { message: "Reset token issued.", code: "auth.resetTokenIssued", params: {} },
    );
    const reset = await t.call("POST", "/api/users/reset-password", {
      body: { token: resetToken, newPassword: "resetpass1" },
    });
    assert.deepEqual(await said(reset), {
      message: "Password reset. Sign in with the new password.",
      code: "auth.passwordReset",
      params: {},
    });
    const totp = await t.call("POST", "/api/users/forgot-2fa", {
      token: admin.token,
      body: { username: user.username },
    });
    assert.deepEqual(await said(totp), {
      message: "Two-factor sign-in reset. The user enrols again at the next sign-in.",
      code: "auth.totpReset",
      params: {},
    });
    const gone = await t.user("User");
    assert.deepEqual(
      await (await t.call("DELETE", `/api/users/${gone.id}`, { token: admin.token })).json(),
      { id: gone.id, message: "User deleted.", code: "users.deleted", params: {} },
    );
    assert.deepEqual(
      await said(await t.call("POST", "/api/users/logout", { token: admin.token })),
      { message: "Logged out", code: "auth.loggedOut", params: {} },
    );
  } finally {
    await t.close();
  }
});
