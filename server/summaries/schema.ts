import { z } from "zod";
import { EXCHANGES } from "../db/enums.shared.ts";
import { MARKET_EXCHANGES } from "../market/feed.shared.ts";

const blank = (v: unknown) => v === "" ? undefined : v;

/** GET /Summaries/prices: the exchanges with a feed. */
export const pricesQuerySchema = z.object({
  exchange: z.preprocess(blank, z.enum(MARKET_EXCHANGES).default("binance")),
});

/** GET /Summaries/list-price-support: any exchange; the Gate-only pairs show on Gate alone. */
export const priceSupportQuerySchema = z.object({
  exchange: z.preprocess(blank, z.enum(EXCHANGES).default("binance")),
});

// What the routes answer (docs/api.md#summaries).
export const pricesSchema = z.record(z.string(), z.string());
/** A stale price's age in seconds (null: never priced), by pair. */
export const staleAgesSchema = z.record(z.string(), z.number().nullable());
export const priceSupportSchema = z.array(z.object({ label: z.string(), value: z.string() }));
export const transportHashSchema = z.object({ hash: z.string(), rotatesAt: z.iso.datetime() });
