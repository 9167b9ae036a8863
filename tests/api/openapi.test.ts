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

/** The routes anyone may call (docs/api.md#public-routes): sign-in, forgot/reset, health. */
const PUBLIC = new Set([
  "get /api/health",
  "get /api/health/trading",
  "post /api/users/login",
  "get /api/users/forgot-password",
  "post /api/users/reset-password",
  "post /api/users/forgot-2fa",
]);

Deno.test("openapi: auth and roles of every route match the middleware in the route table", async () => {
  const t = await makeTestApp();
  try {
    const u = await t.user("User");
    const doc = await (await t.call("GET", "/api/openapi.json", { token: u.token })).json();
    const ops = Object.entries(doc.paths).flatMap(([p, byMethod]) =>
      Object.entries(byMethod as Record<string, Record<string, unknown>>).map(([m, op]) => ({
        route: `${m} ${p}`,
        op,
      }))
    );
    for (const { route, op } of ops) {
      if (PUBLIC.has(route)) {
        assert.equal(op.security, undefined, `${route} is public`);
        continue;
      }
      const expected = route === "get /api/socket" ? [{ socketToken: [] }] : [{ bearer: [] }];
      assert.deepEqual(op.security, expected, `${route} needs a session`);
    }
    // The transaction routes go through one combined middleware: its permission shows too.
    const byRoute = new Map(ops.map((o) => [o.route, o.op]));
    for (const route of ["get /api/transaction", "post /api/transaction/generate-done"]) {
      assert.deepEqual(byRoute.get(route)!["x-roles"], ["SuperAdmin", "Admin", "Lead", "User"]);
    }
    assert.deepEqual(byRoute.get("get /api/audit")!["x-roles"], ["SuperAdmin", "Admin"]);
    // And every one of them answers 401 without a token, as the document says.
    for (const route of ["get /api/transaction", "get /api/socket", "get /api/bot-key"]) {
      const path = route.split(" ")[1];
      assert.equal((await t.app.request(path)).status, 401, route);
    }
  } finally {
    await t.close();
  }
});
