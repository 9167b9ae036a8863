// Web Push input, shared with the client's settings form (zod only here).
import { z } from "zod";
import { SERVER_MESSAGES } from "../core/messages.shared.ts";

/** The kinds of call a user may choose to be notified of; PAIR covers pair targets and ALL. */
export const PUSH_TARGETS = ["BUY", "SELL", "BUY_ONLY", "SELL_ONLY", "RING_ONLY", "PAIR"] as const;
export type PushTarget = (typeof PUSH_TARGETS)[number];

export const PUSH_LANGS = ["en", "zh", "es", "fr", "it"] as const;

const base64url = (length: number) =>
  z.string().regex(new RegExp(`^[A-Za-z0-9_-]{${length}}$`), SERVER_MESSAGES["input.pushKey"]);

/**
 * A push service's address: HTTPS, as every browser's is; plain HTTP only on this machine (a local
 * push service in development and tests).
 */
const endpoint = z.url().max(2048).refine((value) => {
  // zod runs a refinement even after z.url() refused the value.
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return url.protocol === "https:" ||
    (url.protocol === "http:" && ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname));
}, "Must be an https URL");

export const subscribeSchema = z.object({
  endpoint,
  keys: z.object({ p256dh: base64url(87), auth: base64url(22) }),
  lang: z.enum(PUSH_LANGS).default("en"),
});

export type SubscribeInput = z.infer<typeof subscribeSchema>;

export const unsubscribeSchema = z.object({ endpoint: z.string().max(2048) });

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, SERVER_MESSAGES["input.clock"])
  .nullable();

export const pushSettingsSchema = z.object({
  targets: z.array(z.enum(PUSH_TARGETS)).max(PUSH_TARGETS.length),
  quietStart: clock,
  quietEnd: clock,
  timeZone: z.string().max(64).refine(isTimeZone, SERVER_MESSAGES["input.timeZone"]),
}).refine((v) => (v.quietStart === null) === (v.quietEnd === null), {
  path: ["quietEnd"],
  message: SERVER_MESSAGES["input.quietHoursBoth"],
});

export type PushSettingsInput = z.infer<typeof pushSettingsSchema>;

function isTimeZone(zone: string) {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

// What the routes answer (docs/api.md#push).
export const publicKeySchema = z.object({ publicKey: z.string() });
export const subscriptionAnswerSchema = z.object({
  subscribed: z.boolean(),
  devices: z.number().int(),
});
