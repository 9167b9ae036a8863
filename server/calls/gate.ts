// The trade gate: a User trades only while a call activates that side's button for them. Trading
// is given the gate at construction (Deps.callGate, required), so no app can be built without it.
import type { Deps } from "../deps.ts";
import { findLiveUserById } from "../auth/find-user.ts";
import { activeCallFor } from "./service.ts";

/** Whether the user may trade now on `side` (either side when not given). */
export type CallGate = (userId: number, side?: "BUY" | "SELL") => boolean | Promise<boolean>;

export function createCallGate(deps: Pick<Deps, "db" | "clock">): CallGate {
  return async (userId, side) => {
    const user = await findLiveUserById(deps.db, userId);
    const active = user ? await activeCallFor(deps, user) : null;
    if (!active) return false;
    const { buy, sell } = active.effect;
    return side === "BUY" ? buy : side === "SELL" ? sell : buy || sell;
  };
}
