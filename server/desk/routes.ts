// docs/api.md#desk: the dashboard's trading desk. Everyone signed in (dashboard.view) reads their
// own; Admins also see the desk's figures of today and may close anyone's position.
import { Hono } from "hono";
import { requireAuthAndPermission } from "../auth/middleware.ts";
import type { AppEnv } from "../auth/env.ts";
import { can } from "../auth/roles.shared.ts";
import { validate } from "../core/validate.ts";
import type { Deps } from "../deps.ts";
import { deskBalances } from "./balances.ts";
import { deskCandles } from "./candles.ts";
import { closeNow } from "./close-now.ts";
import { deskClosed } from "./closed.ts";
import { deskPositions } from "./positions.ts";
import {
  deskBalancesQuerySchema,
  deskCandlesQuerySchema,
  deskClosedQuerySchema,
  deskCloseParamSchema,
  deskPositionsQuerySchema,
  deskTodayQuerySchema,
} from "./schema.shared.ts";
import { deskToday } from "./today.ts";

export function deskRoutes(deps: Deps) {
  const signedIn = requireAuthAndPermission(deps, "dashboard.view");
  return new Hono<AppEnv>()
    .get("/desk/candles", signedIn, validate("query", deskCandlesQuerySchema), async (c) => {
      return c.json(await deskCandles(deps, c.get("user").id, c.req.valid("query")));
    })
    .get("/desk/positions", signedIn, validate("query", deskPositionsQuerySchema), async (c) => {
      return c.json(await deskPositions(deps, c.get("user").id, c.req.valid("query")));
    })
    .post(
      "/desk/positions/:id/close",
      signedIn,
      validate("param", deskCloseParamSchema),
      async (c) => {
        const result = await closeNow(deps, c.get("user"), c.req.valid("param").id);
        return "closed" in result ? c.json(result.closed, 200) : c.json(result, 202);
      },
    )
    .get("/desk/closed", signedIn, validate("query", deskClosedQuerySchema), async (c) => {
      return c.json(await deskClosed(deps, c.get("user").id, c.req.valid("query")));
    })
    .get("/desk/balances", signedIn, validate("query", deskBalancesQuerySchema), async (c) => {
      return c.json(await deskBalances(deps, c.get("user"), c.req.valid("query").exchange));
    })
    .get("/desk/today", signedIn, validate("query", deskTodayQuerySchema), async (c) => {
      const user = c.get("user");
      const { since } = c.req.valid("query");
      return c.json(await deskToday(deps, user.id, since, can(user.role, "profits.view")));
    });
}
