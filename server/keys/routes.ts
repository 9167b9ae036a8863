import { Hono } from "hono";
import { requireAuth, requirePermission } from "../auth/middleware.ts";
import type { AppEnv } from "../auth/env.ts";
import { validate } from "../core/validate.ts";
import type { Deps } from "../deps.ts";
import { updateBotKeySchema } from "./update-schema.ts";
import { updateUserKeys } from "./service.ts";
import { responds } from "../core/route-meta.ts";
import { publicUserSchema } from "../auth/schema.ts";

export function keyRoutes(deps: Deps) {
  return new Hono<AppEnv>().patch(
    "/users/update-bot-key",
    responds({ 200: publicUserSchema, 404: "No such user" }),
    requireAuth(deps),
    requirePermission("keys.update"),
    validate("json", updateBotKeySchema),
    async (c) => c.json(await updateUserKeys(deps, c.get("user"), c.req.valid("json"))),
  );
}
