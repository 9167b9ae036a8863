import { logoutRequest } from "./api.ts";
import { signOut } from "../session/store.ts";

/** Revokes the session on the server, then forgets it here whatever the server said. */
export async function logout() {
  try {
    await logoutRequest();
  } catch {
    // Already revoked or offline: signing out locally is what matters.
  }
  signOut();
}
