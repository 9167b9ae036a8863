import assert from "node:assert/strict";
import { totpCode } from "../../server/auth/totp.ts";
import { makeTestApp } from "../support/test-app.ts";

Deno.test("login: a new user enrols TOTP, then signs in with password and code", async () => {
  const t = await makeTestApp({ ADMIN_PASSWORD: "firstpass1" });
  try {
    const { seedFirstSuperAdmin } = await import("../../server/seeds/seed-admin.ts");
    await seedFirstSuperAdmin(t.deps);
    const first = await t.call("POST", "/api/users/login", {
      body: { username: "superadmin", password: "firstpass1" },
    });
    assert.equal(first.status, 200);
    const enrol = await first.json();
    assert.equal(enrol.generateSecret, true);
    assert.equal(enrol.role, "SuperAdmin");

    // The enrolment token cannot use the API yet.
    const early = await t.call("GET", "/api/users/my-profile", { token: enrol.token });
    assert.equal(early.status, 401);

    const gen = await t.call("POST", "/api/2fa/generate", { token: enrol.token });
    assert.equal(gen.status, 200);
    const { secret, qrCode, otpauthUrl } = await gen.json();
    assert.match(qrCode, /^data:image\/png;base64,/);
    assert.match(otpauthUrl, /^otpauth:\/\/totp\/.*secret=/);

    const bad = await t.call("POST", "/api/2fa/authenticate", {
      token: enrol.token,
      body: { code: "000000" },
    });
    assert.equal(bad.status, 400);
    const ok = await t.call("POST", "/api/2fa/authenticate", {
      token: enrol.token,
      body: { code: await totpCode(secret, t.clock.now()) },
    });
    assert.equal(ok.status, 200);
    const profile = await t.call("GET", "/api/users/my-profile", { token: enrol.token });
    assert.equal(profile.status, 200);
    assert.equal((await profile.json()).totpEnabled, true);

    // From now on the password alone is not enough.
    t.clock.advance(60_000);
    const noCode = await t.call("POST", "/api/users/login", {
      body: { username: "superadmin", password: "firstpass1" },
    });
    assert.equal(noCode.status, 401);
    const code = await totpCode(secret, t.clock.now());
    const full = await t.call("POST", "/api/users/login", {
      body: { username: "superadmin", password: "firstpass1", code },
    });
    assert.equal(full.status, 200);
    assert.equal((await full.json()).generateSecret, false);

    // The same code again is a replay.
    const replay = await t.call("POST", "/api/users/login", {
      body: { username: "superadmin", password: "firstpass1", code },
    });
    assert.equal(replay.status, 401);
  } finally {
    await t.close();
  }
});

Deno.test("login: wrong password and unknown user answer the same message", async () => {
  const t = await makeTestApp();
  try {
    const u = await t.user("User");
    const wrong = await t.call("POST", "/api/users/login", {
      body: { username: u.username, password: "nope-nope", code: "123456" },
    });
    const unknown = await t.call("POST", "/api/users/login", {
      body: { username: "nobody_here", password: "nope-nope", code: "123456" },
    });
    assert.equal(wrong.status, 401);
    assert.equal(unknown.status, 401);
    assert.deepEqual((await wrong.json()).message, (await unknown.json()).message);
  } finally {
    await t.close();
  }
});

Deno.test("sessions: logout and password change revoke tokens at once", async () => {
  const t = await makeTestApp();
  try {
    const u = await t.user("User");
    const out = await t.call("POST", "/api/users/logout", { token: u.token });
    assert.equal(out.status, 200);
    assert.equal((await t.call("GET", "/api/users/my-profile", { token: u.token })).status, 401);

    const v = await t.user("Lead");
    const other = await t.call("POST", "/api/users/login", {
      body: {
        username: v.username,
        password: v.password,
        code: await totpCode(v.totpSecret, new Date(t.clock.now().getTime() + 30_000)),
      },
    });
    t.clock.advance(30_000);
    const second = (await other.json()).token;
    const res = await t.call("POST", "/api/users/change-password", {
      token: v.token,
      body: { oldPassword: v.password, newPassword: "brandnew1" },
    });
    assert.equal(res.status, 200);
    const body = await res.json();
    assert.equal(body.message, "Change Password Success");
    assert.equal((await t.call("GET", "/api/users/my-profile", { token: v.token })).status, 401);
    assert.equal((await t.call("GET", "/api/users/my-profile", { token: second })).status, 401);
    assert.equal((await t.call("GET", "/api/users/my-profile", { token: body.token })).status, 200);
  } finally {
    await t.close();
  }
});

Deno.test("sessions: an expired token gets 401", async () => {
  const t = await makeTestApp({ SESSION_TTL_HOURS: 1 });
  try {
    const u = await t.user("User");
    t.clock.advance(3600_000 + 1);
    assert.equal((await t.call("GET", "/api/users/my-profile", { token: u.token })).status, 401);
  } finally {
    await t.close();
  }
});

Deno.test("validation: bad bodies get 400 with a message, never 500", async () => {
  const t = await makeTestApp();
  try {
    for (const body of [{}, { username: 5 }, { username: "a", password: "" }, []]) {
      const res = await t.call("POST", "/api/users/login", { body });
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(typeof (await res.json()).message, "string");
    }
    const raw = await t.app.request("/api/users/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    assert.equal(raw.status, 400);
    const u = await t.user("User");
    const short = await t.call("POST", "/api/users/change-password", {
      token: u.token,
      body: { oldPassword: u.password, newPassword: "123" },
    });
    assert.equal(short.status, 400);
    assert.match((await short.json()).message, /newPassword/);
    const unknown = await t.call("GET", "/api/nope");
    assert.equal(unknown.status, 404);
    assert.match(unknown.headers.get("content-type") ?? "", /json/);
  } finally {
    await t.close();
  }
});

Deno.test("reset: an Admin issues a reset token; the user sets a new password with it", async () => {
  const t = await makeTestApp();
  try {
    const admin = await t.user("Admin");
    const u = await t.user("User");
    const anon = await t.call("GET", `/api/users/forgot-password?username=${u.username}`);
    assert.equal(anon.status, 200);
    assert.equal((await anon.json()).resetToken, undefined);
    const issued = await t.call("GET", `/api/users/forgot-password?username=${u.username}`, {
      token: admin.token,
    });
    const { resetToken } = await issued.json();
    assert.match(resetToken, /^[0-9a-f]{64}$/);
    const reset = await t.call("POST", "/api/users/reset-password", {
      body: { token: resetToken, newPassword: "resetpass1" },
    });
    assert.equal(reset.status, 200);
    assert.equal((await t.call("GET", "/api/users/my-profile", { token: u.token })).status, 401);
    const reused = await t.call("POST", "/api/users/reset-password", {
      body: { token: resetToken, newPassword: "resetpass2" },
    });
    assert.equal(reused.status, 400);
    // A User cannot issue tokens: the answer is the same as anonymous.
    const byUser = await t.call("GET", `/api/users/forgot-password?username=${admin.username}`, {
      token: (await t.user("User")).token,
    });
    assert.equal((await byUser.json()).resetToken, undefined);
  } finally {
    await t.close();
  }
});

Deno.test("forgot-2fa: an Admin clears a user's TOTP; the next login enrols again", async () => {
  const t = await makeTestApp();
  try {
    const admin = await t.user("Admin");
    const u = await t.user("User");
    const res = await t.call("POST", "/api/users/forgot-2fa", {
      token: admin.token,
      body: { username: u.username },
    });
    assert.equal(res.status, 200);
    const login = await t.call("POST", "/api/users/login", {
      body: { username: u.username, password: u.password },
    });
    assert.equal((await login.json()).generateSecret, true);
    // An Admin cannot reset a SuperAdmin.
    const sup = await t.user("SuperAdmin");
    const up = await t.call("POST", "/api/users/forgot-2fa", {
      token: admin.token,
      body: { username: sup.username },
    });
    assert.equal(up.status, 403);
  } finally {
    await t.close();
  }
});
