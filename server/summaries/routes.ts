// docs/api.md#summaries: live prices and the stale ones, the pairs a selector offers, the key-transport hash.
import { Hono } from "hono";
import { requireAuth, requirePermission } from "../auth/middleware.ts";
import type { AppEnv } from "../auth/env.ts";
import { AppError } from "../core/errors.ts";
import { validate } from "../core/validate.ts";
import type { Deps } from "../deps.ts";
import { offeredPairs } from "../exchanges/markets/markets.ts";
import {
  pricesQuerySchema,
  pricesSchema,
  priceSupportQuerySchema,
  priceSupportSchema,
  staleAgesSchema,
  transportHashSchema,
} from "./schema.ts";
import { msg } from "../core/messages.shared.ts";
import { staleAges } from "../market/price-age.ts";
import { responds } from "../core/route-meta.ts";

export function summaryRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .use("/Summaries/*", requireAuth(deps), requirePermission("dashboard.view"))
    .get(
      "/Summaries/prices",
      responds({ 200: pricesSchema }),
      validate("query", pricesQuerySchema),
      (c) => {
        if (!deps.market) throw new AppError("UNAVAILABLE", msg("market.unavailable"));
        return c.json(deps.market.feed(c.req.valid("query").exchange).prices());
      },
    )
    // The topbar's stale mark (docs/trading.md#stale-prices): the exchange's prices too old to
    // trade on, with their age in seconds; {} when every price is live.
    .get(
      "/Summaries/stale-prices",
      responds({ 200: staleAgesSchema }),
      validate("query", pricesQuerySchema),
      (c) => {
        if (!deps.market) throw new AppError("UNAVAILABLE", msg("market.unavailable"));
        const feed = deps.market.feed(c.req.valid("query").exchange);
        return c.json(staleAges(feed, deps.clock.now(), deps.config.PRICE_MAX_AGE_S));
      },
    )
    .get(
      "/Summaries/list-price-support",
      responds({ 200: priceSupportSchema }),
      validate("query", priceSupportQuerySchema),
      async (c) => {
        const pairs = await offeredPairs(deps.exchanges.markets(), c.req.valid("query").exchange);
        return c.json(pairs.map(({ label, value }) => ({ label, value })));
      },
    )
    .get("/Summaries/hash", responds({ 200: transportHashSchema }), async (c) => {
      const { hash, rotatesAt } = await deps.keyTransport.current();
      return c.json({ hash, rotatesAt: rotatesAt.toISOString() });
    });
}
