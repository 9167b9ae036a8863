// The socket to /api/socket: connects with the session token, joins the group with the selected
// exchange on every (re)connect, reconnects with backoff, and hands each server message on.
// No DOM or store imports: tested under Deno against the real server.
import type { MarketExchange } from "../../../server/market/feed.shared.ts";
import type { ClientMessage } from "../../../server/realtime/client-message.shared.ts";
import { CLOSE, type ServerMessage } from "../../../server/realtime/protocol.ts";

export interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(id: unknown): void;
}

const realTimers: Timers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
};

export interface RealtimeClientOptions {
  url: string;
  /** Read at each join, so a changed exchange is taken on the next JoinGroup. */
  exchange(): MarketExchange;
  onMessage(msg: ServerMessage): void;
  /** True once the server confirmed the join; false when the socket drops. */
  onStatus(connected: boolean): void;
  /** The server ended the session: no reconnect. */
  onLogout(): void;
  /** The server is stopping (a restart): its reason, before the client reconnects. */
  onServerStopping?(reason: string): void;
  timers?: Timers;
  /** Backoff doubles from minMs up to maxMs, with jitter. */
  backoff?: { minMs: number; maxMs: number };
  random?: () => number;
}

export class RealtimeClient {
  #ws: WebSocket | null = null;
  #attempt = 0;
  #retry: unknown;
  #stopped = false;

  constructor(private readonly opts: RealtimeClientOptions) {}

  start() {
    this.#stopped = false;
    this.#connect();
  }

  stop() {
    this.#stopped = true;
    (this.opts.timers ?? realTimers).clear(this.#retry);
    this.#ws?.close(1000);
    this.#ws = null;
  }

  /** (Re)joins with the current exchange, e.g. after the user picked another one. */
  join() {
    this.send({ type: "JoinGroup", exchange: this.opts.exchange() });
  }

  send(msg: ClientMessage) {
    if (this.#ws?.readyState === WebSocket.OPEN) this.#ws.send(JSON.stringify(msg));
  }

  #connect() {
    const ws = new WebSocket(this.opts.url);
    this.#ws = ws;
    ws.onopen = () => this.join();
    ws.onmessage = (e) => {
      let msg: ServerMessage;
      try {
        msg = JSON.parse(e.data);
      } catch {
        return;
      }
      if (msg.type === "joined") {
        this.#attempt = 0;
        this.opts.onStatus(true);
      }
      this.opts.onMessage(msg);
    };
    ws.onclose = (e) => {
      if (this.#ws !== ws) return;
      this.#ws = null;
      this.opts.onStatus(false);
      if (this.#stopped) return;
      if (e.code === CLOSE.LOGOUT) return this.opts.onLogout();
      if (e.code === CLOSE.GOING_AWAY) this.opts.onServerStopping?.(e.reason);
      this.#scheduleRetry();
    };
  }

  #scheduleRetry() {
    const { minMs, maxMs } = this.opts.backoff ?? { minMs: 1000, maxMs: 30_000 };
    const base = Math.min(maxMs, minMs * 2 ** this.#attempt++);
    const delay = base / 2 + (base / 2) * (this.opts.random ?? Math.random)();
    this.#retry = (this.opts.timers ?? realTimers).set(() => {
      if (!this.#stopped) this.#connect();
    }, delay);
  }
}

/** The socket URL on the page's own origin. */
export function socketUrl(token: string, loc: { protocol: string; host: string } = location) {
  const scheme = loc.protocol === "https:" ? "wss" : "ws";
  return `${scheme}://${loc.host}/api/socket?token=${encodeURIComponent(token)}`;
}
