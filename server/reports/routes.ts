// The CSV downloads (docs/api.md#reports); the profits CSV is served by server/profits. These paths
// share prefixes with the transactions, users and shift-report routers, so this router is mounted
// before theirs; none of them is a
// parameter route of the same method.
import { Hono } from "hono";
import { requireAuth, requirePermission } from "../auth/middleware.ts";
import type { AppEnv } from "../auth/env.ts";
import { validate } from "../core/validate.ts";
import type { Deps } from "../deps.ts";
import { csvFile } from "./csv-stream.ts";
import { endOfShiftReport } from "./end-of-shift-report.ts";
import { reportRangeSchema, userSummarySchema } from "./schema.ts";
import { transactionReport } from "./transaction-report.ts";
import { userSummaryReport } from "./user-summary-report.ts";
import { file, responds } from "../core/route-meta.ts";

export function reportRoutes(deps: Deps) {
  const auth = requireAuth(deps);
  const stamp = () => deps.clock.now().getTime();
  const csv = responds({ 200: file("text/csv", "The report, a CSV download") });
  return new Hono<AppEnv>()
    .post(
      "/transaction/report",
      csv,
      auth,
      requirePermission("reports.transactions"),
      validate("json", reportRangeSchema),
      async (c) => {
        const stream = await transactionReport(deps, c.req.valid("json"));
        return csvFile(c, stream, `Report-${stamp()}.csv`);
      },
    )
    .post(
      "/transaction/report-transactions",
      csv,
      auth,
      requirePermission("reports.userSummary"),
      validate("json", userSummarySchema),
      async (c) => {
        const stream = await userSummaryReport(deps, c.req.valid("json"));
        return csvFile(c, stream, `Report-${stamp()}.csv`);
      },
    )
    .post(
      "/shift-report/daily-report",
      csv,
      auth,
      requirePermission("reports.endOfShift"),
      validate("json", reportRangeSchema),
      async (c) => {
        const stream = await endOfShiftReport(deps, c.req.valid("json"));
        return csvFile(c, stream, `Report-${stamp()}.csv`);
      },
    );
}
