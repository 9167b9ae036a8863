// GET /profits (Admin and SuperAdmin): the /profit page's table, its charts' series
// (GET /profits/series), and its CSV download,
// POST /users/calculator-profit-csv (mounted before the users router, whose paths it shares).
import { Hono } from "hono";
import { requireAuth, requirePermission } from "../auth/middleware.ts";
import type { AppEnv } from "../auth/env.ts";
import { validate } from "../core/validate.ts";
import type { Deps } from "../deps.ts";
import { csvFile } from "../reports/csv-stream.ts";
import { profitCsv } from "./csv.ts";
import { profitCsvQuerySchema, profitListQuerySchema, profitListSchema } from "./schema.ts";
import { listProfits } from "./service.ts";
import { profitSeries } from "./series.ts";
import { profitSeriesQuerySchema, profitSeriesSchema } from "../calls/board.shared.ts";
import { file, responds } from "../core/route-meta.ts";

export function profitRoutes(deps: Deps) {
  const auth = requireAuth(deps);
  return new Hono<AppEnv>()
    .get(
      "/profits",
      responds({ 200: profitListSchema }),
      auth,
      requirePermission("profits.view"),
      validate("query", profitListQuerySchema),
      async (c) => c.json(await listProfits(deps, c.req.valid("query"))),
    )
    .get(
      "/profits/series",
      responds({ 200: profitSeriesSchema }),
      auth,
      requirePermission("profits.view"),
      validate("query", profitSeriesQuerySchema),
      async (c) => c.json(await profitSeries(deps, c.req.valid("query"))),
    )
    .post(
      "/users/calculator-profit-csv",
      responds({ 200: file("text/csv", "The profit table, a CSV download") }),
      auth,
      requirePermission("profits.view"),
      validate("query", profitCsvQuerySchema),
      async (c) => {
        const stream = await profitCsv(deps, c.req.valid("query"));
        return csvFile(c, stream, `profit-${deps.clock.now().getTime()}.csv`);
      },
    );
}
