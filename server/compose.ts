// The composition root: the one place Deps is put together, for server/main.ts and every test
// helper alike. The ports other areas call (the trade gate, the realtime hooks) are given here,
// when Deps is made, so an app built the way production builds it cannot lack one.
import { createCallGate } from "./calls/gate.ts";
import type { Deps } from "./deps.ts";
import { type RealtimeHooks, type RealtimeOptions, startRealtime } from "./realtime/realtime.ts";

/** What an instance is built from; the rest of Deps is derived from it here. */
export type DepsParts = Omit<Deps, "db" | "callGate" | "realtime" | keyof RealtimeHooks | "engine">;

/** Starts this instance's realtime part and returns Deps with every port wired. */
export async function composeDeps(parts: DepsParts, opts: RealtimeOptions = {}): Promise<Deps> {
  const db = parts.database.db;
  const realtime = await startRealtime({ ...parts, db }, opts);
  return {
    ...parts,
    db,
    callGate: createCallGate({ db, clock: parts.clock }),
    realtime,
    ...realtime.hooks,
  };
}
