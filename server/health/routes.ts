// GET /api/health: a readiness check a load balancer can use. 200 when this instance can serve:
// the database answers a cheap query within HEALTH_TIMEOUT_MS (300 ms: the whole answer comes
// within it) and the instance is not stopping;
// 503 with a message otherwise. Feeds are reported, not required (a dead feed refuses trades but
// everything else works).
import { Hono } from "hono";
import { sql } from "drizzle-orm";
import type { AppEnv } from "../auth/env.ts";
import { answer, msg } from "../core/messages.shared.ts";
import type { Deps } from "../deps.ts";
import { feedHealth } from "../market/market.ts";
import { type EngineHealth, engineHealth } from "../engine/health.ts";

/**
 * The whole answer's budget: a balancer waits 2 s at most, and must hear "not ready" well before
 * that, whatever the database does (connecting, hung, or gone).
 */
const HEALTH_TIMEOUT_MS = 300;

export function healthRoutes(deps: Deps) {
  return new Hono<AppEnv>().get("/health", async (c) => {
    const database = await probe(deps);
    const stopping = deps.lifecycle?.stopping ?? false;
    const ready = database.ok && !stopping;
    const said = stopping
      ? msg("unavailable.stopping")
      : database.ok
      ? undefined
      : msg("unavailable.dbNoAnswer", { detail: database.error ?? "" });
    return c.json({
      status: ready ? "ok" : "unavailable",
      ...said ? answer(said) : {},
      database: deps.database.kind,
      databaseOk: database.ok,
      databaseMs: database.ms,
      feeds: deps.market ? feedHealth(deps.market) : [],
      engine: await within(engineHealth(deps), { self: "none", active: null } as EngineHealth),
    }, ready ? 200 : 503);
  });
}

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
