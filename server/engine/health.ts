// What /api/health says about the engines: which one is active, and this instance's part.
import type postgres from "postgres";
import type { Deps } from "../deps.ts";
import { activeEngine } from "./lease.ts";

export interface EngineHealth {
  /** "active" or "standby" when this instance runs the engine part; "none" with ROLES=api. */
  self: "active" | "standby" | "none";
  /** The active engine's name (ENGINE_NAME); null when none is active or it cannot be read. */
  active: string | null;
}

/**
 * How long an instance that is not the active engine (api-only, standby) reuses its last look at
 * pg_locks: load balancers ask for health every second or more, and the answer is news only at a
 * failover, which takes seconds anyway.
 */
export const ACTIVE_ENGINE_TTL_MS = 1_000;

const looks = new WeakMap<postgres.Sql, { at: number; active: Promise<string | null> }>();

export async function engineHealth(deps: Pick<Deps, "clock" | "database" | "engine">) {
  const { engine, database } = deps;
  const self = engine ? (engine.active() ? "active" : "standby") : "none";
  let active: string | null = engine?.active() ? engine.name : null;
  if (database.sql && !active) active = await lookedUp(database.sql, deps.clock.now().getTime());
  return { self, active } satisfies EngineHealth;
}

/** The active engine from pg_locks, asked at most once per ACTIVE_ENGINE_TTL_MS (calls share it). */
function lookedUp(sql: postgres.Sql, now: number) {
  const last = looks.get(sql);
  if (last && now >= last.at && now - last.at < ACTIVE_ENGINE_TTL_MS) return last.active;
  const active = activeEngine(sql).catch(() => null);
  looks.set(sql, { at: now, active });
  return active;
}
