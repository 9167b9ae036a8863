import assert from "node:assert/strict";
import { JSON_BODY_LIMIT } from "../../server/core/body-limit.ts";
import { makeTestApp } from "../support/test-app.ts";

const big = "x".repeat(JSON_BODY_LIMIT + 1);

Deno.test("body limit: a body over the JSON limit is 413 with a message, declared or streamed", async () => {
  const t = await makeTestApp();
  try {
    const declared = await t.app.request("/api/users/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: big, password: "secret" }),
    });
    assert.equal(declared.status, 413);
    assert.match((await declared.json()).message, /too large: the limit is 64 KiB/);

    const chunks = [new TextEncoder().encode(`{"username":"${big}`), new Uint8Array(10)];
    const streamed = await t.app.request("/api/users/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: new ReadableStream({
        pull(ctrl) {
          const next = chunks.shift();
          if (next) ctrl.enqueue(next);
          else ctrl.close();
        },
      }),
      // @ts-ignore: streamed request bodies need duplex "half"; lib.dom's RequestInit lacks it.
      duplex: "half",
    });
    assert.equal(streamed.status, 413);
    // A body within the limit still reaches the route.
    const ok = await t.call("POST", "/api/users/login", {
      body: { username: "nobody", password: "secret" },
    });
    assert.equal(ok.status, 401);
  } finally {
    await t.close();
  }
});

Deno.test("security headers: every answer forbids framing and sniffing; HSTS only over TLS", async () => {
  const t = await makeTestApp({ TRUST_PROXY: true });
  try {
    for (const path of ["/api/health", "/login", "/api/nope"]) {
      const res = await t.app.request(path);
      await res.body?.cancel();
      const csp = res.headers.get("content-security-policy") ?? "";
      assert.match(csp, /frame-ancestors 'none'/, path);
      assert.match(csp, /script-src 'self'(;|$)/, path);
      assert.equal(res.headers.get("x-frame-options"), "DENY");
      assert.equal(res.headers.get("x-content-type-options"), "nosniff");
      assert.equal(res.headers.get("referrer-policy"), "same-origin");
      assert.equal(res.headers.get("strict-transport-security"), null);
    }
    const tls = await t.app.request("/api/health", { headers: { "x-forwarded-proto": "https" } });
    assert.match(tls.headers.get("strict-transport-security") ?? "", /max-age=\d+/);
    const direct = await t.app.request("https://gatebot.example.com/api/health");
    assert.match(direct.headers.get("strict-transport-security") ?? "", /max-age=\d+/);
  } finally {
    await t.close();
  }
});

Deno.test("security headers: answers carrying a token or secret are never stored", async () => {
  const t = await makeTestApp();
  try {
    const admin = await t.user("Admin");
    const u = await t.user("User");
    const profile = await t.call("GET", "/api/users/my-profile", { token: u.token });
    assert.equal(profile.headers.get("cache-control"), "no-store");
    const reset = await t.call("GET", `/api/users/forgot-password?username=${u.username}`, {
      token: admin.token,
    });
    assert.ok((await reset.json()).resetToken);
    assert.equal(reset.headers.get("cache-control"), "no-store");
    const refused = await t.call("POST", "/api/users/login", { body: {} });
    assert.equal(refused.headers.get("cache-control"), "no-store");
  } finally {
    await t.close();
  }
});
