import { logoutRequest } from "./api.ts";
import { signOutWith } from "../session/store.ts";

/** Revokes the session on the server, then forgets it here. */
export const logout = () => signOutWith(logoutRequest);
