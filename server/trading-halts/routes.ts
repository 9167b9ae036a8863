// Trading halts and per-user limits. Reading the halts that concern you: anyone signed in (the
// banner); halting, releasing and limits: Admin and SuperAdmin.
import { Hono } from "hono";
import { requireAuth, requirePermission } from "../auth/middleware.ts";
import type { AppEnv } from "../auth/env.ts";
import { validate } from "../core/validate.ts";
import type { Deps } from "../deps.ts";
import { listLimits, setLimit } from "./limits.ts";
import {
  createHaltSchema,
  haltIdParamSchema,
  haltViewSchema,
  limitsQuerySchema,
  limitViewSchema,
  setLimitSchema,
} from "./schema.ts";
import { activeHaltsFor, createHalt, releaseHalt } from "./service.ts";
import { responds } from "../core/route-meta.ts";
import { z } from "zod";

export function tradingHaltRoutes(deps: Deps) {
  const auth = requireAuth(deps);
  const admin = requirePermission("trading.halt");
  return new Hono<AppEnv>()
    .get(
      "/trading-halts",
      responds({ 200: z.array(haltViewSchema) }),
      auth,
      async (c) => c.json(await activeHaltsFor(deps, c.get("user"))),
    )
    .post(
      "/trading-halts",
      responds({ 201: haltViewSchema, 404: "No such user" }),
      auth,
      admin,
      validate("json", createHaltSchema),
      async (c) => {
        return c.json(await createHalt(deps, c.get("user"), c.req.valid("json")), 201);
      },
    )
    .post(
      "/trading-halts/:id{[0-9]+}/release",
      responds({
        200: z.object({ id: z.number().int(), released: z.literal(true) }),
        404: "No such halt",
      }),
      auth,
      admin,
      validate("param", haltIdParamSchema),
      async (c) => c.json(await releaseHalt(deps, c.get("user"), c.req.valid("param").id)),
    )
    .get(
      "/trading-limits",
      responds({ 200: z.array(limitViewSchema) }),
      auth,
      requirePermission("trading.limits"),
      validate("query", limitsQuerySchema),
      async (c) => c.json(await listLimits(deps, c.req.valid("query").userId)),
    )
    .put(
      "/trading-limits",
      responds({ 200: z.array(limitViewSchema), 404: "No such user" }),
      auth,
      requirePermission("trading.limits"),
      validate("json", setLimitSchema),
      async (c) => c.json(await setLimit(deps, c.get("user"), c.req.valid("json"))),
    );
}
