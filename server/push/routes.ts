// Web Push for calls: the VAPID public key, a device's subscription, the user's settings. Every
// signed-in role: each acts on their own subscriptions and settings only.
import { Hono } from "hono";
import { requireAuth } from "../auth/middleware.ts";
import type { AppEnv } from "../auth/env.ts";
import { AppError } from "../core/errors.ts";
import { msg } from "../core/messages.shared.ts";
import { validate } from "../core/validate.ts";
import type { Deps } from "../deps.ts";
import {
  publicKeySchema,
  pushSettingsSchema,
  subscribeSchema,
  subscriptionAnswerSchema,
  unsubscribeSchema,
} from "./schema.ts";
import { readSettings, saveSettings, subscribe, unsubscribe } from "./service.ts";
import { responds } from "../core/route-meta.ts";

export function pushRoutes(deps: Deps) {
  const auth = requireAuth(deps);
  return new Hono<AppEnv>()
    .get("/push/public-key", responds({ 200: publicKeySchema }), auth, (c) => {
      if (!deps.vapid) throw new AppError("UNAVAILABLE", msg("push.notSetUp"));
      return c.json({ publicKey: deps.vapid.publicKey });
    })
    .post(
      "/push/subscriptions",
      responds({ 201: subscriptionAnswerSchema }),
      auth,
      validate("json", subscribeSchema),
      async (c) => {
        return c.json(await subscribe(deps, c.get("user"), c.req.valid("json")), 201);
      },
    )
    .post(
      "/push/subscriptions/remove",
      responds({ 200: subscriptionAnswerSchema }),
      auth,
      validate("json", unsubscribeSchema),
      async (c) => {
        return c.json(await unsubscribe(deps, c.get("user"), c.req.valid("json").endpoint));
      },
    )
    .get(
      "/push/settings",
      responds({ 200: pushSettingsSchema }),
      auth,
      async (c) => c.json(await readSettings(deps, c.get("user").id)),
    )
    .put(
      "/push/settings",
      responds({ 200: pushSettingsSchema }),
      auth,
      validate("json", pushSettingsSchema),
      async (c) => {
        return c.json(await saveSettings(deps, c.get("user"), c.req.valid("json")));
      },
    );
}
