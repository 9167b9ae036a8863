// Shift routes (Admin and SuperAdmin); not in the spec, documented in README.md beside this file.
import { Hono } from "hono";
import { requireAuth, requirePermission } from "../auth/middleware.ts";
import type { AppEnv } from "../auth/env.ts";
import { validate } from "../core/validate.ts";
import type { Deps } from "../deps.ts";
import {
  shiftCreateSchema,
  shiftIdParamSchema,
  shiftListQuerySchema,
  shiftListSchema,
  shiftUpdateSchema,
  shiftViewSchema,
} from "./schema.ts";
import { createShift, deleteShift, listShifts, updateShift } from "./service.ts";
import { responds } from "../core/route-meta.ts";
import { z } from "zod";

export function shiftRoutes(deps: Deps) {
  const guard = [requireAuth(deps), requirePermission("shifts.manage")] as const;
  return new Hono<AppEnv>()
    .get(
      "/shifts",
      responds({ 200: shiftListSchema }),
      ...guard,
      validate("query", shiftListQuerySchema),
      async (c) => {
        return c.json(await listShifts(deps, c.req.valid("query")));
      },
    )
    .post(
      "/shifts",
      responds({ 201: shiftViewSchema }),
      ...guard,
      validate("json", shiftCreateSchema),
      async (c) => {
        return c.json(await createShift(deps, c.get("user"), c.req.valid("json")), 201);
      },
    )
    .patch(
      "/shifts/:id",
      responds({ 200: shiftViewSchema, 404: "No such shift" }),
      ...guard,
      validate("param", shiftIdParamSchema),
      validate("json", shiftUpdateSchema),
      async (c) => {
        const { id } = c.req.valid("param");
        return c.json(await updateShift(deps, c.get("user"), id, c.req.valid("json")));
      },
    )
    .delete(
      "/shifts/:id",
      responds({ 200: z.object({ id: z.number().int() }), 404: "No such shift" }),
      ...guard,
      validate("param", shiftIdParamSchema),
      async (c) => {
        return c.json(await deleteShift(deps, c.get("user"), c.req.valid("param").id));
      },
    );
}
