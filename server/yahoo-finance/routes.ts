import { Hono } from "hono";
import { requireAuth, requirePermission } from "../auth/middleware.ts";
import type { AppEnv } from "../auth/env.ts";
import { validate } from "../core/validate.ts";
import type { Deps } from "../deps.ts";
import { chartAnswerSchema, chartQuerySchema } from "./schema.ts";
import { createChartService } from "./service.ts";
import { responds } from "../core/route-meta.ts";

export function yahooFinanceRoutes(deps: Deps) {
  // One service per app: its cache and Yahoo back-off are shared by every request.
  const service = createChartService(deps);
  return new Hono<AppEnv>().get(
    "/yahoo-finance/chart",
    responds({ 200: chartAnswerSchema, 502: "Yahoo Finance did not answer as expected" }),
    requireAuth(deps),
    requirePermission("priceHistory.view"),
    validate("query", chartQuerySchema),
    async (c) => c.json(await service.chart(c.req.valid("query"))),
  );
}
