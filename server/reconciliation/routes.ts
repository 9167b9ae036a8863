// Reconciliation: Admin and SuperAdmin only, on every route.
import { Hono } from "hono";
import { requireAuth, requirePermission } from "../auth/middleware.ts";
import type { AppEnv } from "../auth/env.ts";
import { validate } from "../core/validate.ts";
import type { Deps } from "../deps.ts";
import { checkIdParamSchema, checkViewSchema, reconciliationViewSchema } from "./schema.ts";
import { acknowledge, runNow } from "./service.ts";
import { reconciliationView } from "./view.ts";
import { responds } from "../core/route-meta.ts";

export function reconciliationRoutes(deps: Deps) {
  const auth = requireAuth(deps);
  const admin = requirePermission("reconciliation.manage");
  return new Hono<AppEnv>()
    .get(
      "/reconciliation",
      responds({ 200: reconciliationViewSchema }),
      auth,
      admin,
      async (c) => c.json(await reconciliationView(deps)),
    )
    .post(
      "/reconciliation/run",
      responds({ 200: reconciliationViewSchema }),
      auth,
      admin,
      async (c) => c.json(await runNow(deps, c.get("user"))),
    )
    .post(
      "/reconciliation/:id{[0-9]+}/acknowledge",
      responds({
        200: checkViewSchema,
        404: "No such check",
        409: "Only the latest drift is acknowledged",
      }),
      auth,
      admin,
      validate("param", checkIdParamSchema),
      async (c) => c.json(await acknowledge(deps, c.get("user"), c.req.valid("param").id)),
    );
}
