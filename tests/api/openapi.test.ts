import assert from "node:assert/strict";
import { makeTestApp } from "../support/test-app.ts";

Deno.test("openapi: every API route is listed with its body schema, auth and roles", async () => {
  const t = await makeTestApp();
  try {
    assert.equal((await t.call("GET", "/api/openapi.json")).status, 401);
    const u = await t.user("User");
    const res = await t.call("GET", "/api/openapi.json", { token: u.token });
    assert.equal(res.status, 200);
    const doc = await res.json();
    assert.equal(doc.openapi, "3.1.0");
    const login = doc.paths["/api/users/login"].post;
    assert.deepEqual(login.requestBody.content["application/json"].schema.required, [
      "username",
      "password",
    ]);
    assert.equal(login.security, undefined);
    const change = doc.paths["/api/users/change-password"].post;
    assert.deepEqual(change.security, [{ bearer: [] }]);
    // Every route the app serves under /api is in the document.
    const served = new Set(
      t.app.routes.filter((r) => r.method !== "ALL" && r.path.startsWith("/api/")).map((r) =>
        `${r.method.toLowerCase()} ${r.path.replace(/:([^/{}]+)(\{[^}]*\})?/g, "{$1}")}`
      ),
    );
    const listed = new Set(
      Object.entries(doc.paths).flatMap(([p, ops]) =>
        Object.keys(ops as object).map((m) => `${m} ${p}`)
      ),
    );
    assert.deepEqual([...served].filter((r) => !listed.has(r)), []);
  } finally {
    await t.close();
  }
});
