// Carries hub events between server instances: in-process on PGlite, LISTEN/NOTIFY on PostgreSQL.
// Every instance, the publisher included, hears each event exactly once.
import type postgres from "postgres";
import { randomHex } from "../core/hex.ts";
import type { Role } from "../users/roles.ts";
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
  /** Prices from an engine-only instance, for instances without feeds of their own. */
  | { kind: "prices"; msg: PriceMessage };

export interface Bus {
  readonly kind: "memory" | "postgres";
  publish(event: BusEvent): Promise<void>;
  subscribe(listener: (event: BusEvent) => void): void;
  close(): Promise<void>;
}

export const BUS_CHANNEL = "gatebot_hub";
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
export const MAX_BUS_PAYLOAD = 7850;

export function encodeBusEvent(event: BusEvent): string {
  const text = JSON.stringify(event);
  const bytes = new TextEncoder().encode(text).length;
  if (bytes > MAX_BUS_PAYLOAD) throw new Error(`Bus event too large: ${bytes} bytes`);
  return text;
}

export function createMemoryBus(): Bus {
  const listeners: ((event: BusEvent) => void)[] = [];
  return {
    kind: "memory",
    // deno-lint-ignore require-await
    async publish(event) {
      // Same size rule and same copy semantics as PostgreSQL, so tests catch an oversized event.
      const text = encodeBusEvent(event);
      queueMicrotask(() => listeners.forEach((l) => l(JSON.parse(text))));
    },
    subscribe: (listener) => void listeners.push(listener),
    close: () => Promise.resolve(),
  };
}

export async function createPostgresBus(sql: postgres.Sql, channel = BUS_CHANNEL): Promise<Bus> {
  const listeners: ((event: BusEvent) => void)[] = [];
  // Events carry their origin: this instance delivers its own at once, not after a round trip.
  const origin = randomHex(8);
  const { unlisten } = await sql.listen(channel, (payload) => {
    let wire: { origin: string; event: BusEvent };
    try {
      wire = JSON.parse(payload);
    } catch {
      console.error(`Ignored a malformed bus payload on ${channel}`);
      return;
    }
    if (wire.origin !== origin) listeners.forEach((l) => l(wire.event));
  });
  return {
    kind: "postgres",
    async publish(event) {
      const text = encodeBusEvent(event);
      listeners.forEach((l) => l(JSON.parse(text)));
      await sql.notify(channel, `{"origin":"${origin}","event":${text}}`);
    },
    subscribe: (listener) => void listeners.push(listener),
    close: () => unlisten(),
  };
}
