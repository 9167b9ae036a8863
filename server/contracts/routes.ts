// GET /contracts (docs/api.md#media-and-contracts): the operation's contracts. The spec shows no
// fields for them; here a contract is one market the desk may trade: a pair on an exchange, with
// its base and quote asset, its price step, and whether its price comes from a feed or is typed by
// hand (NFT pairs).
import { Hono } from "hono";
import { requireAuth } from "../auth/middleware.ts";
import type { AppEnv } from "../auth/env.ts";
import type { Deps } from "../deps.ts";
import { type ExchangeName, isListedOn, PAIRS } from "../exchanges/pairs.shared.ts";
import { responds } from "../core/route-meta.ts";
import { z } from "zod";

export function listContracts() {
  return PAIRS.flatMap((p) => {
    const exchanges = (["binance", "gate"] as ExchangeName[]).filter((e) => isListedOn(e, p.value));
    return exchanges.map((exchange) => ({
      pair: p.value,
      label: p.label,
      exchange,
      symbol: p.symbols[exchange] ?? null,
      base: p.base,
      quote: p.quote,
      tickSize: p.tickSize,
      price: p.nft ? "typed" as const : "feed" as const,
    }));
  });
}

const contractsSchema = z.object({
  items: z.array(z.object({
    pair: z.string(),
    label: z.string(),
    exchange: z.enum(["binance", "gate"]),
    symbol: z.string().nullable(),
    base: z.string(),
    quote: z.string(),
    tickSize: z.string(),
    price: z.enum(["typed", "feed"]),
  })),
});

export function contractRoutes(deps: Deps) {
  return new Hono<AppEnv>().get(
    "/contracts",
    responds({ 200: contractsSchema }),
    requireAuth(deps),
    (c) => c.json({ items: listContracts() }),
  );
}
