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
      // Scripts from our own origin on a page; none at all on an API answer.
      assert.match(
        csp,
        path.startsWith("/api/") ? /^default-src 'none'(;|$)/ : /script-src 'self'(;|$)/,
        path,
      );
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

/** A built client in a temporary folder: a page, the service worker, the manifest and an asset. */
async function builtClient() {
  const dir = await Deno.makeTempDir();
  await Deno.mkdir(`${dir}/assets`);
  await Deno.writeTextFile(`${dir}/index.html`, "<!doctype html><title>Gate Bot</title>");
  await Deno.writeTextFile(`${dir}/sw.js`, "self.skipWaiting();");
  await Deno.writeTextFile(`${dir}/manifest.webmanifest`, "{}");
  await Deno.writeTextFile(`${dir}/assets/app-abc123.js`, "1;");
  return dir;
}

const DOCUMENT_ONLY = [
  "content-security-policy",
  "x-frame-options",
  "referrer-policy",
  "cross-origin-opener-policy",
  "origin-agent-cluster",
  "x-dns-prefetch-control",
  "x-download-options",
  "x-permitted-cross-domain-policies",
  "x-xss-protection",
];

Deno.test("security headers: documents carry the full set, hashed assets and API answers their own", async () => {
  const dir = await builtClient();
  const t = await makeTestApp({ WEB_DIST: dir, TRUST_PROXY: true });
  const tls = { "x-forwarded-proto": "https" };
  try {
    // The page (and a deep link, and an unknown asset path that answers the page), the service
    // worker and the manifest are documents.
    for (const path of ["/", "/dashboard", "/sw.js", "/manifest.webmanifest", "/assets/gone.js"]) {
      const res = await t.app.request(path, { headers: tls });
      await res.body?.cancel();
      assert.equal(res.status, 200, path);
      for (const name of DOCUMENT_ONLY) assert.ok(res.headers.get(name), `${path} ${name}`);
      assert.match(res.headers.get("content-security-policy")!, /script-src 'self'(;|$)/, path);
      assert.equal(res.headers.get("x-content-type-options"), "nosniff", path);
      assert.equal(res.headers.get("cross-origin-resource-policy"), "same-origin", path);
      assert.ok(res.headers.get("strict-transport-security"), path);
      assert.equal(res.headers.get("x-request-id"), null, path);
    }

    const asset = await t.app.request("/assets/app-abc123.js", { headers: tls });
    await asset.body?.cancel();
    assert.match(asset.headers.get("content-type") ?? "", /javascript/);
    for (const name of DOCUMENT_ONLY) assert.equal(asset.headers.get(name), null, name);
    assert.equal(asset.headers.get("x-content-type-options"), "nosniff");
    assert.equal(asset.headers.get("cross-origin-resource-policy"), "same-origin");
    assert.match(asset.headers.get("cache-control") ?? "", /immutable/);
    assert.equal(asset.headers.get("strict-transport-security"), null);
    assert.equal(asset.headers.get("x-request-id"), null);

    for (const path of ["/api/health", "/api/nope"]) {
      const res = await t.app.request(path, { headers: tls });
      await res.body?.cancel();
      assert.equal(
        res.headers.get("content-security-policy"),
        "default-src 'none'; frame-ancestors 'none'",
        path,
      );
      assert.equal(res.headers.get("x-frame-options"), "DENY", path);
      assert.equal(res.headers.get("x-content-type-options"), "nosniff", path);
      assert.equal(res.headers.get("cache-control"), "no-store", path);
      assert.ok(res.headers.get("strict-transport-security"), path);
      assert.match(res.headers.get("x-request-id") ?? "", /^[\w-]+$/, path);
      for (
        const name of ["cross-origin-opener-policy", "x-xss-protection", "origin-agent-cluster"]
      ) {
        assert.equal(res.headers.get(name), null, `${path} ${name}`);
      }
    }
  } finally {
    await t.close();
    await Deno.remove(dir, { recursive: true });
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
