// Carries hub events between server instances: in-process on PGlite, LISTEN/NOTIFY on PostgreSQL.
// Every instance, the publisher included, hears each event exactly once.
import type postgres from "postgres";
import { randomHex } from "../core/hex.ts";
import type { Role } from "../auth/roles.shared.ts";
import type { PriceMessage, ServerMessage } from "./protocol.ts";

/** Who gets a message: anyone matching a user, group or role, minus `exceptUsers`. */
export interface Audience {
  users?: number[];
  groups?: string[];
  roles?: Role[];
  exceptUsers?: number[];
}

export type BusEvent =
  | { kind: "send"; to: Audience; msg: ServerMessage }
  /** Some session of this user was revoked: each instance re-checks that user's sockets. */
  | { kind: "revoked"; userId: number }
  /** A user's row changed (null: many users): each instance drops their cached sessions. */
  | { kind: "user-changed"; userId: number | null }
  /** Prices from the instance with feeds (the active engine), for every instance's relayed market. */
  | { kind: "prices"; msg: PriceMessage }
  /** An instance without prices yet (one just started) asks for every price now. */
  | { kind: "prices-wanted" }
  /** The users with a page shown on one instance (server/realtime/presence.ts). */
  | { kind: "shown"; instance: string; users: number[] };

export interface Bus {
  readonly kind: "memory" | "postgres";
  publish(event: BusEvent): Promise<void>;
  /** Returns the function that unsubscribes. */
  subscribe(listener: (event: BusEvent) => void): () => void;
  close(): Promise<void>;
}

export const BUS_CHANNEL = "gatebot_hub";
/**
 * A busy bus sends a NOTIFY at most this often: the events meanwhile go together. What a burst's
 * later events wait at most; an idle bus sends at once.
 */
export const BUSY_GAP_MS = 5;
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
export const MAX_BUS_PAYLOAD = 7850;

function encode(event: BusEvent) {
  const text = JSON.stringify(event);
  const bytes = new TextEncoder().encode(text).length;
  if (bytes > MAX_BUS_PAYLOAD) throw new Error(`Bus event too large: ${bytes} bytes`);
  return { text, bytes };
}

export const encodeBusEvent = (event: BusEvent): string => encode(event).text;

function unsubscriber<T>(listeners: T[], listener: T) {
  listeners.push(listener);
  return () => {
    const at = listeners.indexOf(listener);
    if (at >= 0) listeners.splice(at, 1);
  };
}

export function createMemoryBus(): Bus {
  const listeners: ((event: BusEvent) => void)[] = [];
  return {
    kind: "memory",
    // deno-lint-ignore require-await
    async publish(event) {
      // Same size rule and same copy semantics as PostgreSQL, so tests catch an oversized event.
      const copy = JSON.parse(encodeBusEvent(event));
      queueMicrotask(() => listeners.forEach((l) => l(copy)));
    },
    subscribe: (listener) => unsubscriber(listeners, listener),
    close: () => Promise.resolve(),
  };
}

export async function createPostgresBus(sql: postgres.Sql, channel = BUS_CHANNEL): Promise<Bus> {
  const listeners: ((event: BusEvent) => void)[] = [];
  // Events carry their origin: this instance delivers its own at once, not after a round trip.
  const origin = randomHex(8);
  const own = `{"origin":"${origin}"`;
  const { unlisten } = await sql.listen(channel, (payload) => {
    // This instance's own events were delivered when published: not worth parsing again.
    if (payload.startsWith(own)) return;
    let wire: { origin: string; events: BusEvent[] };
    try {
      wire = JSON.parse(payload);
    } catch {
      console.error(`Ignored a malformed bus payload on ${channel}`);
      return;
    }
    for (const event of wire.events) listeners.forEach((l) => l(event));
  });

  // Every NOTIFY is a commit that PostgreSQL serialises, so events are sent one NOTIFY at a time:
  // those published while one is under way go together in the next, which also waits until
  // BUSY_GAP_MS after the one before it began. An idle bus sends at once; a busy one (a trade per
  // millisecond) sends many events per NOTIFY instead of one each (issue 31: a NOTIFY costs
  // PostgreSQL about a third of an order's statement).
  const waiting: { text: string; bytes: number; sent: PromiseWithResolvers<void> }[] = [];
  let sending = false;
  let lastSent = -Infinity;
  async function send() {
    sending = true;
    while (waiting.length) {
      const wait = lastSent + BUSY_GAP_MS - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      lastSent = performance.now();
      // The joined events fit in MAX_BUS_PAYLOAD, which leaves room below PostgreSQL's limit for
      // the origin that wraps them.
      let bytes = waiting[0].bytes;
      let n = 1;
      while (n < waiting.length && bytes + waiting[n].bytes + 1 <= MAX_BUS_PAYLOAD) {
        bytes += waiting[n++].bytes + 1;
      }
      const batch = waiting.splice(0, n);
      const events = batch.map((e) => e.text).join(",");
      try {
        await sql.notify(channel, `${own},"events":[${events}]}`);
        batch.forEach((e) => e.sent.resolve());
      } catch (err) {
        batch.forEach((e) => e.sent.reject(err));
      }
    }
    sending = false;
  }

  return {
    kind: "postgres",
    publish(event) {
      const { text, bytes } = encode(event);
      // Listeners get what another instance would: a copy, one for all (none of them mutates it).
      const copy = JSON.parse(text);
      listeners.forEach((l) => l(copy));
      const sent = Promise.withResolvers<void>();
      waiting.push({ text, bytes, sent });
      if (!sending) send();
      return sent.promise;
    },
    subscribe: (listener) => unsubscriber(listeners, listener),
    close: () => unlisten(),
  };
}
