// What /api/health says about the engines: which one is active, and this instance's part.
import type { Deps } from "../deps.ts";
import { activeEngine } from "./lease.ts";

export interface EngineHealth {
  /** "active" or "standby" when this instance runs the engine part; "none" with ROLES=api. */
  self: "active" | "standby" | "none";
  /** The active engine's name (ENGINE_NAME); null when none is active or it cannot be read. */
  active: string | null;
}

export async function engineHealth(deps: Pick<Deps, "database" | "engine">) {
  const { engine, database } = deps;
  const self = engine ? (engine.active() ? "active" : "standby") : "none";
  let active: string | null = engine?.active() ? engine.name : null;
  if (database.sql && !active) active = await activeEngine(database.sql).catch(() => null);
  return { self, active } satisfies EngineHealth;
}
