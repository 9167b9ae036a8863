// Ending every session of a user, and telling the realtime hub so open sockets get `logout`.
import { revokeUserSessions } from "./sessions.ts";
import type { Db } from "../db/client.ts";
import type { Deps } from "../deps.ts";

/** What ending a user's sessions reads: the clock, the database, the cache and the hub's hook. */
export type RevokeDeps = Pick<Deps, "clock" | "db" | "onSessionsRevoked" | "sessionCache">;

/** Revokes inside the caller's transaction; call `notifyRevoked` once it has committed. */
export const revokeSessionsIn = (deps: Pick<Deps, "clock">, db: Db, userId: number) =>
  revokeUserSessions(db, userId, deps.clock.now());

export function notifyRevoked(
  deps: Pick<Deps, "onSessionsRevoked" | "sessionCache">,
  userId: number,
) {
  deps.sessionCache?.forgetUser(userId);
  deps.onSessionsRevoked(userId);
}

/** Revokes every session of the user now and tells the hub. */
export async function revokeAndNotify(deps: RevokeDeps, userId: number) {
  const count = await revokeSessionsIn(deps, deps.db, userId);
  notifyRevoked(deps, userId);
  return count;
}
