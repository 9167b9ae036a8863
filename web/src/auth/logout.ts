import { request } from "../api/http.ts";
import { signOut } from "../session/store.ts";

/** Revokes the session on the server, then forgets it here whatever the server said. */
export async function logout() {
  try {
    await request("POST", "/users/logout");
  } catch {
    // Already revoked or offline: signing out locally is what matters.
  }
  signOut();
}
