// Shift report routes (docs/api.md#shift-reports) (the daily-report CSV lives in server/reports).
import { Hono } from "hono";
import { requireAuth, requirePermission } from "../auth/middleware.ts";
import type { AppEnv } from "../auth/env.ts";
import { validate } from "../core/validate.ts";
import type { Deps } from "../deps.ts";
import {
  shiftReportIdParamSchema,
  shiftReportSchema,
  shiftReportUpdateSchema,
  shiftReportViewSchema,
} from "./schema.ts";
import { createShiftReport, todayShiftReport, updateShiftReport } from "./service.ts";
import { responds } from "../core/route-meta.ts";

export function shiftReportRoutes(deps: Deps) {
  // Every role ends shifts; who may edit which report is checked in the service.
  const auth = [requireAuth(deps), requirePermission("shiftReports.save")] as const;
  return new Hono<AppEnv>()
    .post(
      "/shift-report",
      responds({ 201: shiftReportViewSchema, 409: "Today's report is saved already" }),
      ...auth,
      validate("json", shiftReportSchema),
      async (c) => {
        return c.json(await createShiftReport(deps, c.get("user"), c.req.valid("json")), 201);
      },
    )
    .get(
      "/shift-report/today",
      responds({ 200: shiftReportViewSchema.nullable() }),
      ...auth,
      async (c) => {
        return c.json(await todayShiftReport(deps, c.get("user")));
      },
    )
    .patch(
      "/shift-report/:id",
      responds({ 200: shiftReportViewSchema, 404: "No such report" }),
      ...auth,
      validate("param", shiftReportIdParamSchema),
      validate("json", shiftReportUpdateSchema),
      async (c) => {
        const { id } = c.req.valid("param");
        return c.json(await updateShiftReport(deps, c.get("user"), id, c.req.valid("json")));
      },
    );
}
