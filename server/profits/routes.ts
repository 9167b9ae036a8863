// GET /profits (Admin and SuperAdmin): the /profit page's table. The CSV download,
// POST /users/calculator-profit-csv, is served with the other reports (server/reports).
import { Hono } from "hono";
import { requireAuth, requirePermission } from "../auth/middleware.ts";
import type { AppEnv } from "../auth/env.ts";
import { validate } from "../core/validate.ts";
import type { Deps } from "../deps.ts";
import { profitListQuerySchema } from "./schema.ts";
import { listProfits } from "./service.ts";

export function profitRoutes(deps: Deps) {
  return new Hono<AppEnv>().get(
    "/profits",
    requireAuth(deps),
    requirePermission("profits.view"),
    validate("query", profitListQuerySchema),
    async (c) => c.json(await listProfits(deps, c.req.valid("query"))),
  );
}
