// The calls API: a Lead (or above) sends a call to their group; anyone reads the one governing them.
// Boards and history: a Lead their own calls, Admins everyone's, a User none (figures: their own).
import { Hono } from "hono";
import { z } from "zod";
import { requireAuth, requirePermission } from "../auth/middleware.ts";
import type { AppEnv } from "../auth/env.ts";
import { can } from "../auth/roles.shared.ts";
import { forbidden, notFound } from "../core/errors.ts";
import { validate } from "../core/validate.ts";
import type { Deps } from "../deps.ts";
import { running } from "../realtime/realtime.ts";
import { livePrices } from "../transactions/pnl.ts";
import { callFiguresQuerySchema, callHistoryQuerySchema } from "./board.shared.ts";
import { readBoard } from "./board.ts";
import { callFigures, listCalls } from "./history.ts";
import { markSeen } from "./recipients.ts";
import { sendCallSchema } from "./schema.ts";
import { activeCallFor, sendCall } from "./service.ts";

const callIdParam = z.object({ id: z.string().trim().min(1).max(100) });

export function callRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .post(
      "/calls",
      requireAuth(deps),
      requirePermission("calls.send"),
      validate("json", sendCallSchema),
      async (c) => {
        const call = await sendCall(deps, running(deps).hub, c.get("user"), c.req.valid("json"));
        return c.json(call, 201);
      },
    )
    .get("/calls/active", requireAuth(deps), async (c) => {
      const active = await activeCallFor(deps, c.get("user"));
      return c.json(active ?? { call: null, effect: null });
    })
    .get(
      "/calls",
      requireAuth(deps),
      requirePermission("calls.board"),
      validate("query", callHistoryQuerySchema),
      async (c) => c.json(await listCalls(deps, c.get("user"), c.req.valid("query"))),
    )
    .get(
      "/calls/figures",
      requireAuth(deps),
      validate("query", callFiguresQuerySchema),
      async (c) => c.json(await callFigures(deps, c.get("user"), c.req.valid("query"))),
    )
    .get(
      "/calls/:id",
      requireAuth(deps),
      requirePermission("calls.board"),
      validate("param", callIdParam),
      async (c) => {
        const viewer = c.get("user");
        const board = await readBoard(deps.db, c.req.valid("param").id, livePrices(deps.market));
        if (!board) throw notFound();
        if (board.call.fromUserId !== viewer.id && !can(viewer.role, "calls.viewAll")) {
          throw forbidden();
        }
        return c.json(board);
      },
    )
    .post(
      "/calls/:id/seen",
      requireAuth(deps),
      validate("param", callIdParam),
      async (c) => {
        await markSeen(deps, c.req.valid("param").id, c.get("user").id);
        return c.body(null, 204);
      },
    );
}
