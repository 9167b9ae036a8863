import assert from "node:assert/strict";
import { Hono } from "hono";
import { z } from "zod";
import { responds } from "../../server/core/route-meta.ts";
import { describeRoutes } from "../../server/openapi.ts";
import { checkAnswers, UndocumentedAnswer } from "../support/answers.ts";
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

Deno.test("openapi: every route declares its answers, each with a schema, and the common ones", async () => {
  const t = await makeTestApp();
  try {
    const routes = describeRoutes(t.app);
    // A route added without responds(...) is named here.
    assert.deepEqual(routes.filter((r) => !r.declared).map((r) => `${r.method} ${r.path}`), []);
    const u = await t.user("User");
    const doc = await (await t.call("GET", "/api/openapi.json", { token: u.token })).json();
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops as Record<string, Operation>)) {
        const route = `${method} ${path}`;
        const statuses = Object.keys(op.responses);
        assert.ok(statuses.some((s) => s.startsWith("2") || s === "101"), `${route}: a success`);
        assert.ok(statuses.includes("503"), `${route}: 503`);
        if (method !== "get") assert.ok(statuses.includes("413"), `${route}: 413`);
        for (const [status, answer] of Object.entries(op.responses)) {
          if (status === "101" || status === "204") continue;
          const content = Object.values(answer.content ?? {});
          assert.ok(content.length && content[0].schema, `${route} ${status}: a body schema`);
        }
      }
    }
    const create = doc.paths["/api/transaction"].post.responses;
    assert.deepEqual(Object.keys(create).sort(), [
      "200",
      "201",
      "202",
      "400",
      "401",
      "403",
      "409",
      "413",
      "422",
      "502",
      "503",
    ]);
    assert.equal(create["201"].content["application/json"].schema.anyOf.length, 2);
    assert.deepEqual(doc.paths["/api/users/login"].post.responses["429"].content, {
      "application/json": { schema: { $ref: "#/components/schemas/Error" } },
    });
  } finally {
    await t.close();
  }
});

interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

Deno.test("openapi: an answer with an undocumented status or off its schema fails the request", async () => {
  const app = new Hono()
    .get("/api/thing", responds({ 200: z.object({ name: z.string() }) }), (c) => {
      const kind = c.req.query("kind");
      if (kind === "teapot") return c.json({ message: "short and stout" }, 418);
      return c.json({ name: kind === "number" ? 7 : "seven" });
    })
    .get("/api/undeclared", (c) => c.json({ anything: true }, 418));
  checkAnswers(app);
  assert.equal((await app.request("/api/thing")).status, 200);
  await assert.rejects(
    async () => await app.request("/api/thing?kind=number"),
    (err: Error) => err instanceof UndocumentedAnswer && /name: /.test(err.message),
  );
  await assert.rejects(
    async () => await app.request("/api/thing?kind=teapot"),
    (err: Error) => err instanceof UndocumentedAnswer && /answered 418/.test(err.message),
  );
  // A route with no responds(...) is the first test's to name, not every request's to fail.
  assert.equal((await app.request("/api/undeclared")).status, 418);
  // What the middleware answers is listed without each route saying it.
  const [route] = describeRoutes(app);
  assert.deepEqual(Object.keys(route.responses), ["200", "503"]);
});
