// Builds the whole app from its parts. Tests call createApp(deps).request(...) with no port.
import { Hono } from "hono";
import { requestId } from "hono/request-id";
import { requestScope } from "./core/request-scope.ts";
import { MatchedRoutes } from "./core/matched-routes.ts";
import { accessLogger } from "./core/access-log.ts";
import { auditRoutes } from "./audit-log/routes.ts";
import { authRoutes } from "./auth/routes.ts";
import { botKeyRoutes } from "./bot-keys/routes.ts";
import { clientIp } from "./core/client-ip.ts";
import type { AppEnv } from "./auth/env.ts";
import { onError } from "./core/error-handler.ts";
import { limitBodies } from "./core/body-limit.ts";
import { gzipJson } from "./core/gzip-json.ts";
import { securityHeaders } from "./core/security-headers.ts";
import type { Deps } from "./deps.ts";
import { keyRoutes } from "./keys/routes.ts";
import { healthRoutes } from "./health/routes.ts";
import { pushRoutes } from "./push/routes.ts";
import { realtimeRoutes } from "./realtime/routes.ts";
import { callRoutes } from "./calls/routes.ts";
import { callBoardRoutes } from "./call-board/routes.ts";
import { mediaRoutes } from "./media/routes.ts";
import { MEDIA_BODY_LIMIT } from "./media/service.ts";
import { contractRoutes } from "./contracts/routes.ts";
import { deskRoutes } from "./desk/routes.ts";
import { reportRoutes } from "./reports/routes.ts";
import { shiftReportRoutes } from "./shift-reports/routes.ts";
import { shiftRoutes } from "./shifts/routes.ts";
import { profitRoutes } from "./profits/routes.ts";
import { summaryRoutes } from "./summaries/routes.ts";
import { tradingHaltRoutes } from "./trading-halts/routes.ts";
import { reconciliationRoutes } from "./reconciliation/routes.ts";
import { transactionRoutes } from "./transactions/routes.ts";
import { userRoutes } from "./users/routes.ts";
import { webClient } from "./web-client.ts";
import { answer, msg } from "./core/messages.shared.ts";
import { buildOpenApi } from "./openapi.ts";
import { requireAuth } from "./auth/middleware.ts";
import { yahooFinanceRoutes } from "./yahoo-finance/routes.ts";
import { responds } from "./core/route-meta.ts";
import { z } from "zod";

export function createApi(deps: Deps) {
  return new Hono<AppEnv>()
    .route("/", healthRoutes(deps))
    .route("/", authRoutes(deps))
    .route("/", keyRoutes(deps)).route("/", summaryRoutes(deps)).route("/", transactionRoutes(deps))
    // The CSV routes first: their fixed paths win over the parameter routes of the routers after.
    .route("/", reportRoutes(deps)).route("/", shiftReportRoutes(deps))
    .route("/", shiftRoutes(deps)).route("/", profitRoutes(deps))
    .route("/", userRoutes(deps)).route("/", auditRoutes(deps))
    .route("/", yahooFinanceRoutes(deps))
    .route("/", botKeyRoutes(deps))
    .route("/", tradingHaltRoutes(deps)).route("/", reconciliationRoutes(deps))
    .route("/", pushRoutes(deps))
    .route("/", realtimeRoutes(deps)).route("/", callRoutes(deps))
    .route("/", callBoardRoutes(deps))
    .route("/", mediaRoutes(deps)).route("/", contractRoutes(deps))
    .route("/", deskRoutes(deps));
}

export function createApp(deps: Deps) {
  const app = new Hono<AppEnv>({ router: new MatchedRoutes() });
  app.onError(onError);
  // API answers carry their id for support to quote (docs/api.md); files and pages have no use
  // for it, and ~40 of them make a first load.
  const apiRequestId = requestId();
  const fileRequestId = requestId({ headerName: "" });
  app.use(
    "*",
    (c, next) => (c.req.path.startsWith("/api/") ? apiRequestId : fileRequestId)(c, next),
  );
  // One line per request, when it is answered.
  if (deps.accessLog) app.use("*", accessLogger(deps.accessLog));
  app.use("*", securityHeaders(deps.config.TRUST_PROXY));
  app.use("*", limitBodies({ "/api/media/upload": MEDIA_BODY_LIMIT }));
  app.use("*", clientIp(deps.config.TRUST_PROXY));
  // JSON reads gzipped (a 10-row list: 17 KB -> 1 KB); CSV streams stay as they are. Writes
  // answer one small object, which gzip made no smaller for a fresh stream's cost (about 1 ms of
  // CPU an order, issue 31). Outside the request's scope: a read its client left is answered 503
  // there, and gzip inside it then took that answer, already sent, to compress (a 500 logged).
  const gzip = gzipJson();
  app.use("/api/*", (c, next) => c.req.method === "GET" ? gzip(c, next) : next());
  app.use("/api/*", requestScope(deps.config.REQUEST_TIMEOUT_MS));
  app.route("/api", createApi(deps));
  let openApi: ReturnType<typeof buildOpenApi> | undefined;
  app.get(
    "/api/openapi.json",
    responds({
      200: z.object({ openapi: z.literal("3.1.0"), paths: z.record(z.string(), z.unknown()) }),
    }),
    requireAuth(deps),
    (c) => c.json(openApi ??= buildOpenApi(app)),
  );
  // Unknown API paths answer JSON, never the client's index.html.
  app.all(
    "/api/*",
    (c) => c.json(answer(msg("api.notFound", { method: c.req.method, path: c.req.path })), 404),
  );
  app.route("/", webClient(deps.config.WEB_DIST));
  return app;
}
