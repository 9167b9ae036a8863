// Call boards, history and figures (docs/calls.md#call-board-and-history): a Lead reads their own
// calls' boards and history, Admins everyone's, a User none (figures: a User their own line).
// Mounted after the calls routes, whose GET /calls/active comes first.
import { Hono } from "hono";
import { z } from "zod";
import { requireAuth, requirePermission } from "../auth/middleware.ts";
import type { AppEnv } from "../auth/env.ts";
import { can } from "../auth/roles.shared.ts";
import { forbidden, notFound } from "../core/errors.ts";
import { validate } from "../core/validate.ts";
import type { Deps } from "../deps.ts";
import { livePrices } from "../transactions/pnl.ts";
import {
  callBoardSchema,
  callFiguresQuerySchema,
  callFiguresSchema,
  callHistoryQuerySchema,
  callHistorySchema,
} from "../calls/board.shared.ts";
import { responds } from "../core/route-meta.ts";
import { readBoard } from "./board.ts";
import { callFigures, listCalls } from "./history.ts";
import { markSeen } from "./lines.ts";

const callIdParam = z.object({ id: z.string().trim().min(1).max(100) });

export function callBoardRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get(
      "/calls",
      responds({ 200: callHistorySchema }),
      requireAuth(deps),
      requirePermission("calls.board"),
      validate("query", callHistoryQuerySchema),
      async (c) => c.json(await listCalls(deps, c.get("user"), c.req.valid("query"))),
    )
    .get(
      "/calls/figures",
      responds({ 200: callFiguresSchema }),
      requireAuth(deps),
      validate("query", callFiguresQuerySchema),
      async (c) => c.json(await callFigures(deps, c.get("user"), c.req.valid("query"))),
    )
    .get(
      "/calls/:id",
      responds({ 200: callBoardSchema, 404: "No such call" }),
      requireAuth(deps),
      requirePermission("calls.board"),
      validate("param", callIdParam),
      async (c) => {
        const viewer = c.get("user");
        const board = await readBoard(
          deps.db,
          c.req.valid("param").id,
          livePrices(deps.market),
          deps.clock.now(),
        );
        if (!board) throw notFound();
        if (board.call.fromUserId !== viewer.id && !can(viewer.role, "calls.viewAll")) {
          throw forbidden();
        }
        return c.json(board);
      },
    )
    .post(
      "/calls/:id/seen",
      responds({ 204: null }),
      requireAuth(deps),
      validate("param", callIdParam),
      async (c) => {
        await markSeen(deps, c.req.valid("param").id, c.get("user").id);
        return c.body(null, 204);
      },
    );
}
