// docs/api.md describes every route the app serves, and no route it does not serve: the route
// table of the app built as production builds it is the reference.
import assert from "node:assert/strict";
import { makeTestApp } from "../support/test-app.ts";

const DOC = new URL("../../docs/api.md", import.meta.url);

Deno.test("docs/api.md: every route the app serves is described, and every route described is served", async () => {
  const t = await makeTestApp();
  try {
    const served = new Set(
      t.app.routes.filter((r) => r.method !== "ALL" && r.path.startsWith("/api/")).map((r) =>
        `${r.method} ${r.path.slice("/api".length).replace(/:([^/{}]+)(\{[^}]*\})?/g, "{$1}")}`
      ),
    );
    const text = await Deno.readTextFile(DOC);
    const described = new Set(
      [...text.matchAll(/\b(GET|POST|PATCH|PUT|DELETE) (\/[A-Za-z0-9_.{}/-]+)/g)].map((m) =>
        `${m[1]} ${m[2].replace(/\/$/, "")}`
      ),
    );
    assert.deepEqual([...served].filter((r) => !described.has(r)).sort(), [], "not in docs/api.md");
    assert.deepEqual([...described].filter((r) => !served.has(r)).sort(), [], "not served");
  } finally {
    await t.close();
  }
});
