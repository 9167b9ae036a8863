// Called once a write to a user's row or sessions has committed: that user's cached sessions
// (server/auth/session-cache.ts) go at once here, and on every other instance over the bus.
import type { Deps } from "../deps.ts";

/** `userId` null: a write that touched many users (every cached session goes). */
export function userChanged(
  deps: Pick<Deps, "sessionCache" | "onUserChanged">,
  userId: number | null,
) {
  deps.sessionCache?.forgetUser(userId);
  deps.onUserChanged(userId);
}
