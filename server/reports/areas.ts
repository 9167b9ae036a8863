// Mounts the shifts, shift reports, profits and CSV report routers as one, CSV routes first so
// their fixed paths win over any parameter route beside them.
import { Hono } from "hono";
import type { AppEnv } from "../auth/env.ts";
import type { Deps } from "../deps.ts";
import { profitRoutes } from "../profits/routes.ts";
import { shiftReportRoutes } from "../shift-reports/routes.ts";
import { shiftRoutes } from "../shifts/routes.ts";
import { reportRoutes } from "./routes.ts";

export const reportAreaRoutes = (deps: Deps) =>
  new Hono<AppEnv>()
    .route("/", reportRoutes(deps))
    .route("/", shiftReportRoutes(deps))
    .route("/", shiftRoutes(deps))
    .route("/", profitRoutes(deps));
