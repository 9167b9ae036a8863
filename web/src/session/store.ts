// The signed-in user and token. Persisted locally (the login part only), cleared on 401.
import { proxy, subscribe } from "valtio";
import type { PublicUser } from "../../../server/auth/public-user.shared.ts";

export type { PublicUser };

const STORAGE_KEY = "gatebot.session";

interface SessionState {
  user: PublicUser | null;
  token: string | null;
}

function load(): SessionState {
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "null");
    if (saved?.token && saved?.user) return { user: saved.user, token: saved.token };
  } catch {
    // A corrupt entry is the same as none.
  }
  return { user: null, token: null };
}

export const session = proxy<SessionState>(load());

subscribe(session, () => {
  if (session.token) localStorage.setItem(STORAGE_KEY, JSON.stringify(session));
  else localStorage.removeItem(STORAGE_KEY);
});

const signOutListeners = new Set<() => void>();
/** Other stores reset themselves when the user signs out. */
export const onSignOut = (fn: () => void) => {
  signOutListeners.add(fn);
  return () => signOutListeners.delete(fn);
};

const NOTICE_KEY = "gatebot.session-ended";

/**
 * The server ended the session (revoked or expired): /login says so until the next sign-in, in
 * this tab even across a reload (one may start before the sign-out's own navigation).
 */
export const sessionNotice = proxy({ ended: sessionStorage.getItem(NOTICE_KEY) !== null });

function tellEnded(ended: boolean) {
  sessionNotice.ended = ended;
  if (ended) sessionStorage.setItem(NOTICE_KEY, "1");
  else sessionStorage.removeItem(NOTICE_KEY);
}

export function signIn(user: PublicUser, token: string) {
  tellEnded(false);
  session.user = user;
  session.token = token;
}

export function signOut() {
  session.user = null;
  session.token = null;
  signOutListeners.forEach((fn) => fn());
}

/** Merges fields the server returned for the signed-in user (own update, key update). */
export function updateUser(fields: Partial<PublicUser>) {
  if (session.user) Object.assign(session.user, fields);
}

/** A request that ends this session and hands a new token (own password change), while in flight. */
let rotation: Promise<unknown> | null = null;

/**
 * Runs a request answering `{ token }` that replaces the session's token: the server ends the old
 * session first, so its socket's `logout` may arrive before the answer; sessionEnded waits for it.
 */
export async function rotateToken<T extends { token: string }>(request: Promise<T>): Promise<T> {
  rotation = request;
  try {
    const answer = await request;
    // Signed out meanwhile (another tab, a 401): the new token must not outlive the user.
    if (session.user) session.token = answer.token;
    return answer;
  } finally {
    rotation = null;
  }
}

/** The token the user is signing out of, while the request is in flight. */
let leaving: string | null = null;

/**
 * Runs the user's own sign-out request, then signs out whatever the server said (already revoked
 * or offline: signing out here is what matters). The server ends the session first, so its
 * socket's `logout` may arrive before the answer: that is no ended session to tell the user of.
 */
export async function signOutWith(request: () => Promise<unknown>) {
  leaving = session.token;
  try {
    await request();
  } catch {
    // Signed out below all the same.
  } finally {
    leaving = null;
  }
  signOut();
}

/**
 * The server ended the session of `token`: signs out, unless that token was just replaced or the
 * user is signing out of it.
 */
export async function sessionEnded(token: string) {
  if (rotation) await rotation.catch(() => {});
  if (session.token !== token || token === leaving) return;
  tellEnded(true);
  signOut();
}
