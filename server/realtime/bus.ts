// Carries hub events between server instances: in-process on PGlite, LISTEN/NOTIFY on PostgreSQL.
// Every instance, the publisher included, hears each event once through the same path.
import type postgres from "postgres";
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
export const MAX_BUS_PAYLOAD = 7900;

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
  const { unlisten } = await sql.listen(channel, (payload) => {
    let event: BusEvent;
    try {
      event = JSON.parse(payload);
    } catch {
      console.error(`Ignored a malformed bus payload on ${channel}`);
      return;
    }
    listeners.forEach((l) => l(event));
  });
  return {
    kind: "postgres",
    async publish(event) {
      await sql.notify(channel, encodeBusEvent(event));
    },
    subscribe: (listener) => void listeners.push(listener),
    close: () => unlisten(),
  };
}
