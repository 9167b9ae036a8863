// docs/api.md#desk: the dashboard's trading desk. Everyone signed in (dashboard.view) reads their
// own; Admins also see the desk's figures of today and may close anyone's position.
import { Hono } from "hono";
import { requireAuthAndPermission } from "../auth/middleware.ts";
import type { AppEnv } from "../auth/env.ts";
import { can } from "../auth/roles.shared.ts";
import { responds } from "../core/route-meta.ts";
import { validate } from "../core/validate.ts";
import type { Deps } from "../deps.ts";
import { deskBalances } from "./balances.ts";
import { deskCandles } from "./candles.ts";
import { closeNow } from "./close-now.ts";
import { deskClosed } from "./closed.ts";
import { deskPositions } from "./positions.ts";
import {
  closedTradeSchema,
  deskBalancesAnswerSchema,
  deskBalancesQuerySchema,
  deskCandlesAnswerSchema,
  deskCandlesQuerySchema,
  deskClosedAnswerSchema,
  deskClosedQuerySchema,
  deskCloseParamSchema,
  deskClosePendingSchema,
  deskPositionsAnswerSchema,
  deskPositionsQuerySchema,
  deskTodayAnswerSchema,
  deskTodayQuerySchema,
} from "./schema.shared.ts";
import { deskToday } from "./today.ts";

export function deskRoutes(deps: Deps) {
  const signedIn = requireAuthAndPermission(deps, "dashboard.view");
  return new Hono<AppEnv>()
    .get(
      "/desk/candles",
      responds({ 200: deskCandlesAnswerSchema }),
      signedIn,
      validate("query", deskCandlesQuerySchema),
      async (c) => {
        return c.json(await deskCandles(deps, c.get("user").id, c.req.valid("query")));
      },
    )
    .get(
      "/desk/positions",
      responds({ 200: deskPositionsAnswerSchema }),
      signedIn,
      validate("query", deskPositionsQuerySchema),
      async (c) => {
        return c.json(await deskPositions(deps, c.get("user").id, c.req.valid("query")));
      },
    )
    .post(
      "/desk/positions/:id/close",
      responds({
        200: closedTradeSchema,
        202: deskClosePendingSchema,
        404: "No such open position of yours",
        409: "Already closed or closing",
      }),
      signedIn,
      validate("param", deskCloseParamSchema),
      async (c) => {
        const result = await closeNow(deps, c.get("user"), c.req.valid("param").id);
        return "closed" in result ? c.json(result.closed, 200) : c.json(result, 202);
      },
    )
    .get(
      "/desk/closed",
      responds({ 200: deskClosedAnswerSchema }),
      signedIn,
      validate("query", deskClosedQuerySchema),
      async (c) => {
        return c.json(await deskClosed(deps, c.get("user").id, c.req.valid("query")));
      },
    )
    .get(
      "/desk/balances",
      responds({ 200: deskBalancesAnswerSchema }),
      signedIn,
      validate("query", deskBalancesQuerySchema),
      async (c) => {
        return c.json(await deskBalances(deps, c.get("user"), c.req.valid("query").exchange));
      },
    )
    .get(
      "/desk/today",
      responds({ 200: deskTodayAnswerSchema }),
      signedIn,
      validate("query", deskTodayQuerySchema),
      async (c) => {
        const user = c.get("user");
        const { since } = c.req.valid("query");
        return c.json(await deskToday(deps, user.id, since, can(user.role, "profits.view")));
      },
    );
}
