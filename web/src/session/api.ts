// The signed-in user as the server holds it now (a stored login may be stale, revoked or changed
// by an Admin since).
import { api } from "../api/http.ts";
import type { PublicUser } from "./store.ts";

export const fetchProfile = () => api<PublicUser>("GET", "/users/my-profile");
