// docs/api.md#bot-keys. The pages and every change are SuperAdmin's (botKeys.manage); Lead and
// above (bots.select) list the keys they may select.
import { Hono } from "hono";
import { requireAuth, requirePermission } from "../auth/middleware.ts";
import type { AppEnv } from "../auth/env.ts";
import { validate } from "../core/validate.ts";
import type { Deps } from "../deps.ts";
import { botBalance } from "./balances.ts";
import {
  botBalanceQuerySchema,
  botBalanceSchema,
  botKeyDeletedSchema,
  botKeyIdParamSchema,
  botKeyListSchema,
  botKeySearchAnswerSchema,
  botKeyViewSchema,
  createBotKeySchema,
  listBotKeysQuerySchema,
  searchBotKeysQuerySchema,
  updateBotKeySchema,
} from "./schema.ts";
import { createBotKey, deleteBotKey, listBotKeys, searchBotKeys, updateBotKey } from "./service.ts";
import { responds } from "../core/route-meta.ts";

export function botKeyRoutes(deps: Deps) {
  const manage = requirePermission("botKeys.manage");
  const missing = "No such bot key";
  const taken = "The bot key is taken, or users still select it";
  return new Hono<AppEnv>()
    .use("/bot-key", requireAuth(deps))
    .use("/bot-key/*", requireAuth(deps))
    .get(
      "/bot-key",
      responds({ 200: botKeyListSchema }),
      requirePermission("bots.select"),
      validate("query", listBotKeysQuerySchema),
      async (c) => {
        const { exchange } = c.req.valid("query");
        return c.json(await listBotKeys(deps, c.get("user"), exchange));
      },
    )
    .get(
      "/bot-key/search",
      responds({ 200: botKeySearchAnswerSchema }),
      manage,
      validate("query", searchBotKeysQuerySchema),
      async (c) => {
        return c.json(await searchBotKeys(deps, c.req.valid("query")));
      },
    )
    .get(
      "/bot-key/bot-balance/:id{[0-9]+}",
      responds({ 200: botBalanceSchema, 404: missing }),
      manage,
      validate("param", botKeyIdParamSchema),
      validate("query", botBalanceQuerySchema),
      async (c) => {
        const { id } = c.req.valid("param");
        return c.json(await botBalance(deps, id, c.req.valid("query").exchange));
      },
    )
    .post(
      "/bot-key",
      responds({ 201: botKeyViewSchema, 409: taken }),
      manage,
      validate("json", createBotKeySchema),
      async (c) => {
        return c.json(await createBotKey(deps, c.get("user"), c.req.valid("json")), 201);
      },
    )
    .patch(
      "/bot-key/:id{[0-9]+}",
      responds({ 200: botKeyViewSchema, 404: missing, 409: taken }),
      manage,
      validate("param", botKeyIdParamSchema),
      validate("json", updateBotKeySchema),
      async (c) => {
        const { id } = c.req.valid("param");
        return c.json(await updateBotKey(deps, c.get("user"), id, c.req.valid("json")));
      },
    )
    .delete(
      "/bot-key/:id{[0-9]+}",
      responds({ 200: botKeyDeletedSchema, 404: missing, 409: taken }),
      manage,
      validate("param", botKeyIdParamSchema),
      async (c) => {
        return c.json(await deleteBotKey(deps, c.get("user"), c.req.valid("param").id));
      },
    );
}
