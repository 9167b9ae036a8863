// The signed-in user and token. Persisted locally (the login part only), cleared on 401.
import { proxy, subscribe } from "valtio";
import type { PublicUser } from "../../../server/users/public-user.ts";

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

export function signIn(user: PublicUser, token: string) {
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

export function replaceToken(token: string) {
  session.token = token;
}
