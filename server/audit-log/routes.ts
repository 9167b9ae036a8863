import { Hono } from "hono";
import { requireAuth, requirePermission } from "../auth/middleware.ts";
import type { AppEnv } from "../auth/env.ts";
import { validate } from "../core/validate.ts";
import type { Deps } from "../deps.ts";
import { auditPageSchema, auditQuerySchema } from "./schema.ts";
import { listAudit } from "./service.ts";
import { responds } from "../core/route-meta.ts";

export function auditRoutes(deps: Deps) {
  return new Hono<AppEnv>().get(
    "/audit",
    responds({ 200: auditPageSchema }),
    requireAuth(deps),
    requirePermission("audit.read"),
    validate("query", auditQuerySchema),
    async (c) => c.json(await listAudit(deps, c.req.valid("query"))),
  );
}
