// Reconciliation: Admin and SuperAdmin only, on every route.
import { Hono } from "hono";
import { requireAuth, requirePermission } from "../auth/middleware.ts";
import type { AppEnv } from "../auth/env.ts";
import { validate } from "../core/validate.ts";
import type { Deps } from "../deps.ts";
import { checkIdParamSchema } from "./schema.ts";
import { acknowledge, runNow } from "./service.ts";
import { reconciliationView } from "./view.ts";

export function reconciliationRoutes(deps: Deps) {
  const auth = requireAuth(deps);
  const admin = requirePermission("reconciliation.manage");
  return new Hono<AppEnv>()
    .get("/reconciliation", auth, admin, async (c) => c.json(await reconciliationView(deps)))
    .post(
      "/reconciliation/run",
      auth,
      admin,
      async (c) => c.json(await runNow(deps, c.get("user"))),
    )
    .post(
      "/reconciliation/:id{[0-9]+}/acknowledge",
      auth,
      admin,
      validate("param", checkIdParamSchema),
      async (c) => c.json(await acknowledge(deps, c.get("user"), c.req.valid("param").id)),
    );
}
