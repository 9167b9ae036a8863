// The CSV downloads (docs/api.md#reports). These paths share prefixes with the transactions, users
// and shift-report routers, so this router is mounted before theirs; none of them is a
// parameter route of the same method.
import { type Context, Hono } from "hono";
import { requireAuth, requirePermission } from "../auth/middleware.ts";
import type { AppEnv } from "../auth/env.ts";
import { validate } from "../core/validate.ts";
import type { Deps } from "../deps.ts";
import { profitCsv } from "../profits/csv.ts";
import { profitCsvQuerySchema } from "../profits/schema.ts";
import { endOfShiftReport } from "./end-of-shift-report.ts";
import { reportRangeSchema, userSummarySchema } from "./schema.ts";
import { transactionReport } from "./transaction-report.ts";
import { userSummaryReport } from "./user-summary-report.ts";

function csvFile(c: Context, stream: ReadableStream<Uint8Array>, filename: string) {
  return c.body(stream, 200, {
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": `attachment; filename="${filename}"`,
    "cache-control": "no-store",
  });
}

export function reportRoutes(deps: Deps) {
  const auth = requireAuth(deps);
  const stamp = () => deps.clock.now().getTime();
  return new Hono<AppEnv>()
    .post(
      "/transaction/report",
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
      auth,
      requirePermission("reports.endOfShift"),
      validate("json", reportRangeSchema),
      async (c) => {
        const stream = await endOfShiftReport(deps, c.req.valid("json"));
        return csvFile(c, stream, `Report-${stamp()}.csv`);
      },
    )
    .post(
      "/users/calculator-profit-csv",
      auth,
      requirePermission("profits.view"),
      validate("query", profitCsvQuerySchema),
      async (c) => {
        const stream = await profitCsv(deps, c.req.valid("query"));
        return csvFile(c, stream, `profit-${stamp()}.csv`);
      },
    );
}
