// Sends a call to the devices of the group members it concerns, through the standard Web Push
// protocol: web-push encrypts the payload (RFC 8291, aes128gcm) and signs the VAPID header
// (RFC 8292); fetch delivers it, so it runs wherever fetch does (Deno Deploy included). Skipped:
// the caller, users the call does not concern (spec: a call is accepted only for its targets),
// users with a visible socket (they hear it there), calls of a kind they turned off, and quiet
// hours. TTL is the time left in the call, so a phone that comes back later never rings for a
// call that is over; a 404 or 410 from the push service means the subscription is gone: removed.
import { and, eq, inArray, isNull, ne } from "drizzle-orm";
import webpush from "web-push";
import { pushSettings, pushSubscriptions, users } from "../db/schema.ts";
import type { Deps } from "../deps.ts";
import { callEffect, isFixedTarget } from "../calls/target.shared.ts";
import type { CallInfo } from "../realtime/protocol.ts";
import { callNotice } from "./messages.ts";
import { inQuietHours } from "./quiet.ts";
import type { PushTarget } from "./schema.ts";
import { DEFAULT_SETTINGS, settingsOf } from "./service.ts";
import { logError } from "../core/log-error.ts";

const SEND_TIMEOUT_MS = 10_000;

/** What a push carries to the service worker. */
export interface CallPush {
  type: "call";
  callId: string;
  title: string;
  body: string;
  url: string;
  expiresAt: number;
}

export interface PushOutcome {
  sent: number;
  removed: number;
  failed: number;
  /** Users with at least one device the push service took the call for (the call board's "push"). */
  pushedUserIds: number[];
}

const kindOf = (target: string): PushTarget => isFixedTarget(target) ? target : "PAIR";

export async function pushCall(
  deps: Pick<Deps, "clock" | "db" | "vapid">,
  call: CallInfo,
  isVisible: (userId: number) => boolean,
): Promise<PushOutcome> {
  const outcome: PushOutcome = { sent: 0, removed: 0, failed: 0, pushedUserIds: [] };
  const now = deps.clock.now();
  const seconds = Math.floor((call.expiresAt - now.getTime()) / 1000);
  if (!deps.vapid || seconds <= 0) return outcome;

  const members = await deps.db.select({ id: users.id, pair: users.pair, settings: pushSettings })
    .from(users)
    .leftJoin(pushSettings, eq(pushSettings.userId, users.id))
    .where(
      and(eq(users.group, call.group), ne(users.id, call.fromUserId), isNull(users.deletedAt)),
    );
  const kind = kindOf(call.target);
  const wanted = members.filter((m) => {
    const settings = m.settings ? settingsOf(m.settings) : DEFAULT_SETTINGS;
    return callEffect(call.target, m.pair) !== null && !isVisible(m.id) &&
      settings.targets.includes(kind) && !inQuietHours(now, settings);
  }).map((m) => m.id);
  if (!wanted.length) return outcome;

  const subs = await deps.db.select().from(pushSubscriptions)
    .where(inArray(pushSubscriptions.userId, wanted));
  await Promise.all(subs.map(async (sub) => {
    const notice = callNotice(sub.lang, call.from, call.target, seconds);
    const payload: CallPush = {
      type: "call",
      callId: call.id,
      ...notice,
      url: "/dashboard",
      expiresAt: call.expiresAt,
    };
    try {
      const status = await deliver(deps, sub, JSON.stringify(payload), seconds);
      if (status === 404 || status === 410) {
        await deps.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, sub.id));
        outcome.removed++;
      } else if (status >= 200 && status < 300) {
        outcome.sent++;
        if (!outcome.pushedUserIds.includes(sub.userId)) outcome.pushedUserIds.push(sub.userId);
      } else {
        outcome.failed++;
        console.error(`push to ${new URL(sub.endpoint).host} refused: ${status}`);
      }
    } catch (err) {
      outcome.failed++;
      // The endpoint is the subscription's capability: only its host is logged.
      const host = new URL(sub.endpoint).host;
      logError(`push to ${host} failed`, (err as Error).message.replaceAll(sub.endpoint, host));
    }
  }));
  return outcome;
}

async function deliver(
  deps: Pick<Deps, "vapid">,
  sub: typeof pushSubscriptions.$inferSelect,
  payload: string,
  ttl: number,
) {
  const details = webpush.generateRequestDetails(
    { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
    payload,
    {
      vapidDetails: deps.vapid!,
      TTL: ttl,
      urgency: "high",
      // A newer call replaces one the device has not received yet.
      topic: "call",
    },
  );
  const headers = new Headers();
  for (const [name, value] of Object.entries(details.headers)) {
    // fetch sets the length itself.
    if (name.toLowerCase() !== "content-length") headers.set(name, String(value));
  }
  const res = await fetch(details.endpoint, {
    method: details.method,
    headers,
    body: details.body as Uint8Array<ArrayBuffer>,
    signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
  });
  await res.body?.cancel();
  return res.status;
}
