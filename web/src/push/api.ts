// The push calls (server/push/routes.ts).
import { api } from "../api/http.ts";
import type { PushSettingsInput } from "../../../server/push/schema.ts";

export type PushSettings = PushSettingsInput;

export const publicKey = () => api<{ publicKey: string }>("GET", "/push/public-key");

export const addSubscription = (
  body: { endpoint: string; keys: { p256dh: string; auth: string }; lang: string },
) => api<{ devices: number }>("POST", "/push/subscriptions", { body });

export const removeSubscription = (endpoint: string) =>
  api<{ devices: number }>("POST", "/push/subscriptions/remove", { body: { endpoint } });

export const readSettings = () => api<PushSettings>("GET", "/push/settings");

export const saveSettings = (body: PushSettings) =>
  api<PushSettings>("PUT", "/push/settings", { body });
