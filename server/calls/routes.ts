// The calls API: a Lead (or above) sends a call to their group; anyone reads the one governing them.
import { Hono } from "hono";
import { requireAuth, requirePermission } from "../auth/middleware.ts";
import type { AppEnv } from "../auth/env.ts";
import { validate } from "../core/validate.ts";
import type { Deps } from "../deps.ts";
import { running } from "../realtime/realtime.ts";
import { activeCallSchema, sendCallSchema } from "./schema.ts";
import { callInfoSchema } from "./board.shared.ts";
import { activeCallFor, sendCall } from "./service.ts";
import { responds } from "../core/route-meta.ts";

export function callRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .post(
      "/calls",
      responds({ 201: callInfoSchema }),
      requireAuth(deps),
      requirePermission("calls.send"),
      validate("json", sendCallSchema),
      async (c) => {
        const call = await sendCall(deps, running(deps).hub, c.get("user"), c.req.valid("json"));
        return c.json(call, 201);
      },
    )
    .get("/calls/active", responds({ 200: activeCallSchema }), requireAuth(deps), async (c) => {
      const active = await activeCallFor(deps, c.get("user"));
      return c.json(active ?? { call: null, effect: null });
    });
}
