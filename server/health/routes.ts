// GET /api/health: a readiness check a load balancer can use. 200 when this instance can serve:
// the database answers a cheap query within HEALTH_TIMEOUT_MS (300 ms: the whole answer comes
// within it) and the instance is not stopping;
// 503 with a message otherwise. Feeds are reported, not required (a dead feed refuses trades but
// everything else works): a watched pair's stale price makes the status "degraded", still 200, so
// the screens stay up to say so. GET /api/health/trading is the readiness for trading: 503 while
// this instance cannot serve or a watched price is stale (docs/trading.md#stale-prices).
import { Hono } from "hono";
import { sql } from "drizzle-orm";
import type { AppEnv } from "../auth/env.ts";
import { answer, msg } from "../core/messages.shared.ts";
import type { Deps } from "../deps.ts";
import { feedHealth } from "../market/market.ts";
import { type EngineHealth, engineHealth } from "../engine/health.ts";
import { exchangeTitle, findPair } from "../exchanges/pairs.shared.ts";
import { type StalePrice, stalePrices } from "./stale-prices.ts";
import { logError } from "../core/log-error.ts";
import { responds } from "../core/route-meta.ts";
import { z } from "zod";

/**
 * The whole answer's budget: a balancer waits 2 s at most, and must hear "not ready" well before
 * that, whatever the database does (connecting, hung, or gone).
 */
const HEALTH_TIMEOUT_MS = 300;

const healthSchema = z.object({
  status: z.enum(["ok", "degraded", "unavailable"]),
  message: z.string().optional(),
  code: z.string().optional(),
  params: z.record(z.string(), z.unknown()).optional(),
  database: z.enum(["pglite", "postgres"]),
  databaseOk: z.boolean(),
  databaseMs: z.number(),
  stalePrices: z.array(z.object({
    exchange: z.string(),
    pair: z.string(),
    ageS: z.number().nullable(),
  })),
  feeds: z.array(z.object({ exchange: z.string(), source: z.string() })),
  engine: z.object({
    self: z.enum(["active", "standby", "none"]),
    active: z.string().nullable(),
  }),
});

export function healthRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get("/health", responds({ 200: healthSchema, 503: healthSchema }), async (c) => {
      const health = await check(deps);
      return c.json(health, health.status === "unavailable" ? 503 : 200);
    })
    .get("/health/trading", responds({ 200: healthSchema, 503: healthSchema }), async (c) => {
      const health = await check(deps);
      return c.json(health, health.status === "ok" ? 200 : 503);
    });
}

async function check(deps: Deps) {
  const database = await probe(deps);
  const stopping = deps.lifecycle?.stopping ?? false;
  const ready = database.ok && !stopping;
  const stale = ready && deps.market
    ? await within(staleOrNone({ ...deps, market: deps.market }), [])
    : [];
  const said = stopping
    ? msg("unavailable.stopping")
    : !database.ok
    ? msg("unavailable.dbNoAnswer", { detail: database.error ?? "" })
    : stale.length
    ? msg("health.stalePrices", { pairs: stale.map(staleName).join(", ") })
    : undefined;
  return {
    status: !ready ? "unavailable" as const : stale.length ? "degraded" as const : "ok" as const,
    ...said ? answer(said) : {},
    database: deps.database.kind,
    databaseOk: database.ok,
    databaseMs: database.ms,
    stalePrices: stale,
    feeds: deps.market ? feedHealth(deps.market) : [],
    engine: await within(engineHealth(deps), { self: "none", active: null } as EngineHealth),
  };
}

/** Who watches what is a query: failing, it is logged and health reports no stale price. */
async function staleOrNone(deps: Parameters<typeof stalePrices>[0]) {
  try {
    return await stalePrices(deps);
  } catch (err) {
    logError("health: watched pairs not read", err);
    return [];
  }
}

const staleName = (s: StalePrice) =>
  `${exchangeTitle(s.exchange)} ${findPair(s.pair)?.label ?? s.pair} (${
    s.ageS === null ? "no price" : `${s.ageS} s`
  })`;

async function probe(deps: Pick<Deps, "db">): Promise<{ ok: boolean; ms: number; error?: string }> {
  const start = performance.now();
  const failed = (error: string) => ({
    ok: false,
    ms: Math.round(performance.now() - start),
    error,
  });
  try {
    const answered = await within(deps.db.execute(sql`select 1`).then(() => true), false);
    if (!answered) return failed(`no answer in ${HEALTH_TIMEOUT_MS} ms`);
    return { ok: true, ms: Math.round(performance.now() - start) };
  } catch (err) {
    const error = (err instanceof Error && err.cause instanceof Error ? err.cause : err) as Error;
    return failed(error.message);
  }
}

/** What `work` gives within HEALTH_TIMEOUT_MS, else `late`; its own end is of no interest then. */
async function within<T>(work: Promise<T>, late: T): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  work.catch(() => {});
  try {
    return await Promise.race([
      work,
      new Promise<T>((resolve) => timer = setTimeout(() => resolve(late), HEALTH_TIMEOUT_MS)),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
