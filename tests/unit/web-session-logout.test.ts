// Signing out on purpose: the server ends the session before it answers, so the socket's `logout`
// may arrive first; that is no ended session to tell the user of ('your session ended').
import assert from "node:assert/strict";
import type { PublicUser } from "../../server/auth/public-user.shared.ts";
import {
  session,
  sessionEnded,
  sessionNotice,
  signIn,
  signOutWith,
} from "../../web/src/session/store.ts";

const user = { id: 1, username: "trader_one", role: "User" } as PublicUser;

Deno.test("signOutWith(): a logout of the session before the answer is no ended session", async () => {
  signIn(user, "token");
  let answer!: () => void;
  const done = signOutWith(() => new Promise<void>((resolve) => answer = resolve));
  await sessionEnded("token");
  assert.equal(sessionNotice.ended, false);
  assert.equal(session.token, "token");
  answer();
  await done;
  assert.equal(session.token, null);
  assert.equal(sessionNotice.ended, false);
});

Deno.test("signOutWith(): signed out even when the server refuses; a later end still tells", async () => {
  signIn(user, "token");
  await signOutWith(() => Promise.reject(new Error("offline")));
  assert.equal(session.user, null);
  signIn(user, "second");
  await sessionEnded("second");
  assert.equal(sessionNotice.ended, true);
  assert.equal(session.token, null);
});
