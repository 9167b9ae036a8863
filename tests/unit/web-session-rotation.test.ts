// Own password change: the server ends the old session before it answers, so the old socket's
// `logout` (or a poll's 401) may arrive first; the client keeps the user signed in with the new
// token, and signs out only when the change failed.
import assert from "node:assert/strict";
import type { PublicUser } from "../../server/auth/public-user.shared.ts";
import {
  rotateToken,
  session,
  sessionEnded,
  signIn,
  signOut,
} from "../../web/src/session/store.ts";

const user = { id: 1, username: "trader_one", role: "User" } as PublicUser;

function deferred<T>() {
  let resolve!: (v: T) => void, reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => [resolve, reject] = [res, rej]);
  return { promise, resolve, reject };
}

Deno.test("rotateToken(): a logout of the old session before the answer keeps the new token", async () => {
  signIn(user, "old-token");
  const answer = deferred<{ token: string }>();
  const rotated = rotateToken(answer.promise);
  const ended = sessionEnded("old-token");
  answer.resolve({ token: "new-token" });
  await Promise.all([rotated, ended]);
  assert.equal(session.token, "new-token");
  assert.equal(session.user?.id, 1);
  // A late 401 of a request sent with the old token changes nothing either.
  await sessionEnded("old-token");
  assert.equal(session.token, "new-token");
  signOut();
});

Deno.test("rotateToken(): when the change fails, the ended session signs out", async () => {
  signIn(user, "old-token");
  const answer = deferred<{ token: string }>();
  const rotated = rotateToken(answer.promise).catch(() => null);
  const ended = sessionEnded("old-token");
  answer.reject(new Error("Old password is incorrect."));
  await Promise.all([rotated, ended]);
  assert.equal(session.user, null);
  assert.equal(session.token, null);
});

Deno.test("rotateToken(): signed out meanwhile, the new token is not kept without a user", async () => {
  signIn(user, "old-token");
  const answer = deferred<{ token: string }>();
  const rotated = rotateToken(answer.promise);
  signOut();
  answer.resolve({ token: "new-token" });
  await rotated;
  assert.equal(session.token, null);
  assert.equal(localStorage.getItem("gatebot.session"), null);
});
