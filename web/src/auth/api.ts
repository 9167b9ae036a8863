import { api, request } from "../api/http.ts";
import type { PublicUser } from "../session/store.ts";

export type LoginResult = PublicUser & { token: string; generateSecret: boolean };

export interface Enrolment {
  secret: string;
  otpauthUrl: string;
  qrCode: string;
}

export const loginRequest = (body: { username: string; password: string; code?: string }) =>
  api<LoginResult>("POST", "/users/login", { body });

export const generate2fa = (token: string) => api<Enrolment>("POST", "/2fa/generate", { token });

export const authenticate2fa = (token: string, code: string) =>
  api<LoginResult>("POST", "/2fa/authenticate", { token, body: { code } });

export const changePasswordRequest = (body: { oldPassword: string; newPassword: string }) =>
  api<{ message: string; token: string }>("POST", "/users/change-password", { body });

export const logoutRequest = () => request("POST", "/users/logout");

/** The signed-in user as the server holds it now (a stored login may be stale or revoked). */
export const fetchProfile = () => api<PublicUser>("GET", "/users/my-profile");
