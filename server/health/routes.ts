// GET /api/health: a readiness check a load balancer can use. 200 when this instance can serve:
// the database answers a cheap query within HEALTH_TIMEOUT_MS and the instance is not stopping;
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
import { engineHealth } from "../engine/health.ts";
import { exchangeTitle, findPair } from "../exchanges/pairs.shared.ts";
import { type StalePrice, stalePrices } from "./stale-prices.ts";
import { logError } from "../core/log-error.ts";

const HEALTH_TIMEOUT_MS = 2_000;

export function healthRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get("/health", async (c) => {
      const health = await check(deps);
      return c.json(health, health.status === "unavailable" ? 503 : 200);
    })
    .get("/health/trading", async (c) => {
      const health = await check(deps);
      return c.json(health, health.status === "ok" ? 200 : 503);
    });
}

async function check(deps: Deps) {
  const database = await probe(deps);
  const stopping = deps.lifecycle?.stopping ?? false;
  const ready = database.ok && !stopping;
  const stale = ready && deps.market ? await staleOrNone({ ...deps, market: deps.market }) : [];
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
    engine: await engineHealth(deps),
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

async function probe(deps: Pick<Deps, "db">) {
  const start = performance.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      deps.db.execute(sql`select 1`),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error("no answer in 2 s")), HEALTH_TIMEOUT_MS);
      }),
    ]);
    return { ok: true, ms: Math.round(performance.now() - start) };
  } catch (err) {
    const error = (err instanceof Error && err.cause instanceof Error ? err.cause : err) as Error;
    return { ok: false, ms: Math.round(performance.now() - start), error: error.message };
  } finally {
    clearTimeout(timer);
  }
}
