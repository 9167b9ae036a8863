import assert from "node:assert/strict";
import { planFirstLoad, type PlannedChunk } from "../../web/first-load-chunks.ts";

const src = "/app/web/src";
const chunk = (
  facade: string | null,
  moduleIds: string[],
  imports: string[] = [],
): PlannedChunk => ({
  type: "chunk",
  facadeModuleId: facade,
  moduleIds,
  imports,
});

Deno.test("first-load chunks: what /login and /dashboard run is grouped by need, lazy code is left", () => {
  const plan = planFirstLoad({
    "index.js": {
      ...chunk(`${src}/main.tsx`, ["react", `${src}/main.tsx`], ["runtime.js"]),
      isEntry: true,
    },
    "runtime.js": chunk(null, ["runtime"]),
    "login-page.js": chunk(`${src}/auth/login-page.tsx`, [`${src}/auth/login-page.tsx`], [
      "Button.js",
      "form.js",
      "index.js",
    ]),
    "signed-in-area.js": chunk(`${src}/app/signed-in-area.tsx`, [`${src}/app/signed-in-area.tsx`], [
      "Button.js",
      "Menu.js",
      "index.js",
    ]),
    "dashboard-page.js": chunk(`${src}/dashboard/dashboard-page.tsx`, [
      `${src}/dashboard/dashboard-page.tsx`,
    ], ["Menu.js", "Table.js"]),
    // Shared by the two first pages, by the signed-in area and a page, by the dashboard and a page.
    "Button.js": chunk(null, ["Button", "Loader"], ["index.js"]),
    "form.js": chunk(null, ["use-form"]),
    "Menu.js": chunk(null, ["Menu"]),
    "Table.js": chunk(null, ["Table"]),
    // Lazy: a page and a dialog of the dashboard, and a language.
    "audit-page.js": chunk(`${src}/audit/audit-page.tsx`, [`${src}/audit/audit-page.tsx`], [
      "Table.js",
      "Modal.js",
    ]),
    "Modal.js": chunk(null, ["Modal"]),
    "price-chart.js": chunk(`${src}/market/price-chart.tsx`, ["apexcharts"], ["Modal.js"]),
    "messages-fr.js": chunk(`${src}/app/messages.fr.ts`, [`${src}/app/messages.fr.ts`]),
    "index.css": { type: "asset" },
  });
  assert.deepEqual(plan, {
    Button: "app",
    Loader: "app",
    [`${src}/auth/login-page.tsx`]: "login",
    "use-form": "login",
    [`${src}/app/signed-in-area.tsx`]: "signed-in",
    Menu: "signed-in",
    [`${src}/dashboard/dashboard-page.tsx`]: "dashboard",
    Table: "dashboard",
  });
});
