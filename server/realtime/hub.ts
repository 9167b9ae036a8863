// The WebSocket hub of one instance: registers sockets, reads their frames, and fans server
// messages out. Everything that must reach other instances goes through the bus first.
import type { SessionUser } from "../auth/sessions.ts";
import type { Clock } from "../core/clock.ts";
import { msg as coded } from "../core/messages.shared.ts";
import type { Db } from "../db/client.ts";
import type { Market, MarketExchange } from "../market/feed.shared.ts";
import { findLiveUserById } from "../auth/find-user.ts";
import type { Audience, Bus, BusEvent } from "./bus.ts";
import { type Connection, Connections, defaultExchange, type Peer } from "./connections.ts";
import { liveSessionIds } from "./live-sessions.ts";
import { Places } from "./places.ts";
import { Presence } from "./presence.ts";
import {
  CLOSE,
  MAX_CLIENT_FRAME,
  type PriceMessage,
  type ServerMessage,
  type SocketReason,
} from "./protocol.ts";
import { parseClientMessage } from "./client-message.shared.ts";
import { logError } from "../core/log-error.ts";

export interface HubOptions {
  db: Db;
  clock: Clock;
  bus: Bus;
  /** A socket whose unsent bytes pass this is too slow: it is closed, the others go on. */
  maxBufferedBytes: number;
  /** Client frames read per socket per second; the rest are dropped. */
  maxFramesPerSecond?: number;
  /** This instance's own feeds, if any: then prices from the bus are ignored. */
  market?: Market;
  /** How often expired sessions are looked for while any socket is open. */
  sweepMs?: number;
}

export interface SessionGrant {
  user: SessionUser;
  sessionId: string;
  /** When the session ends: its socket is logged out then, not at the next sweep. */
  expiresAt?: Date;
}

/** setTimeout's longest delay (about 24.8 days); a session lasts at most 90 days. */
const MAX_TIMER_MS = 2 ** 31 - 1;

const OPEN = 1;

export class Hub {
  readonly connections = new Connections();
  /** Sockets upgrading or open, per user and per address: the caps count these. */
  readonly places = new Places();
  readonly counters = { slowClosed: 0, droppedFrames: 0 };
  #lastPrices = new Map<MarketExchange, Record<string, string>>();
  #seq = 0;
  #sweep: ReturnType<typeof setInterval> | undefined;
  #expiries = new Map<Connection, ReturnType<typeof setTimeout>>();
  #presence: Presence;

  constructor(private readonly opts: HubOptions) {
    this.#presence = new Presence(opts.bus, opts.clock);
    opts.bus.subscribe((event) => this.#onBusEvent(event));
  }

  open(peer: Peer, grant: SessionGrant): Connection {
    const conn: Connection = {
      id: ++this.#seq,
      peer,
      userId: grant.user.id,
      username: grant.user.username,
      role: grant.user.role,
      sessionId: grant.sessionId,
      group: grant.user.group,
      exchange: defaultExchange(grant.user),
      visible: true,
      frames: { windowStart: 0, count: 0 },
    };
    this.connections.add(conn);
    this.#shownChanged();
    if (grant.expiresAt) this.#expireAt(conn, grant.expiresAt.getTime());
    // The sweep runs only while sockets are open, so an idle hub holds no timer.
    this.#sweep ??= setInterval(
      () => this.sweep().catch((err) => logError("hub: sweep", err)),
      this.opts.sweepMs ?? 60_000,
    );
    return conn;
  }

  /** The socket closed by itself. */
  closed(conn: Connection) {
    this.#forget(conn);
  }

  async receive(conn: Connection, data: unknown) {
    if (!this.connections.all.has(conn)) return;
    // The protocol is JSON text; a binary frame is never from the app, and ignoring it would let a
    // client send Deno's 64 MiB frames again and again (Deno reads a whole frame before we see it).
    if (typeof data !== "string") {
      return this.#kick(conn, CLOSE.UNSUPPORTED, "socket.binaryRefused");
    }
    if (data.length > MAX_CLIENT_FRAME) {
      return this.#kick(conn, CLOSE.TOO_BIG, "socket.frameTooLarge");
    }
    if (!this.#countFrame(conn)) return;
    const msg = parseClientMessage(data);
    if (!msg) return;
    switch (msg.type) {
      case "JoinGroup":
        return await this.#join(conn, msg.exchange);
      case "active-buy":
        return await this.publish(
          { groups: [conn.group], exceptUsers: [conn.userId] },
          {
            type: "receive-active-buy",
            userId: conn.userId,
            username: conn.username,
            active: msg.active,
          },
        );
      case "visibility":
        conn.visible = msg.visible;
        return this.#shownChanged();
      default:
        msg satisfies never;
    }
  }

  /** Whether the user has a page shown on a socket of any instance. */
  isVisible(userId: number) {
    return this.#presence.isShown(userId);
  }

  /** Every user with a page shown on some instance (a call's lines start "page" for them). */
  shownUsers() {
    return this.#presence.shownUsers();
  }

  #shownChanged() {
    const shown = new Set<number>();
    for (const conn of this.connections.all) if (conn.visible) shown.add(conn.userId);
    this.#presence.update(shown);
  }

  /** Sends to everyone the audience names, on every instance. */
  publish(to: Audience, msg: ServerMessage): Promise<void> {
    return this.opts.bus.publish({ kind: "send", to, msg });
  }

  /** Asks every instance to re-check the sockets of a user whose sessions changed. */
  sessionsRevoked(userId: number): Promise<void> {
    return this.opts.bus.publish({ kind: "revoked", userId });
  }

  /** Local fan-out of one price batch to the sockets watching that exchange. */
  pushPrices(msg: PriceMessage) {
    const latest = { ...this.#lastPrices.get(msg.exchange), ...msg.prices };
    this.#lastPrices.set(msg.exchange, latest);
    const text = JSON.stringify(msg);
    for (const conn of this.connections.byExchange.get(msg.exchange)) this.#send(conn, text);
  }

  /** Local delivery of a message to the sockets the audience names. */
  deliver(to: Audience, msg: ServerMessage) {
    const except = new Set(to.exceptUsers ?? []);
    const targets = new Set<Connection>();
    for (const id of to.users ?? []) this.connections.byUser.get(id).forEach((c) => targets.add(c));
    for (const g of to.groups ?? []) this.connections.byGroup.get(g).forEach((c) => targets.add(c));
    if (to.roles?.length) {
      for (const c of this.connections.all) if (to.roles.includes(c.role)) targets.add(c);
    }
    const text = JSON.stringify(msg);
    for (const conn of targets) if (!except.has(conn.userId)) this.#send(conn, text);
  }

  /** Logs out the sockets of a user whose session is no longer live. */
  recheckUser(userId: number): Promise<void> {
    return this.#recheck([...this.connections.byUser.get(userId)]);
  }

  /**
   * Logs out every socket whose session expired or was revoked by any path; the server runs it on
   * a timer, a safety net behind the revocation hook.
   */
  sweep(): Promise<void> {
    return this.#recheck([...this.connections.all]);
  }

  logout(conn: Connection, why: SocketReason) {
    const reason = coded(why).text;
    this.#send(
      conn,
      JSON.stringify({ type: "logout", reason, code: why } satisfies ServerMessage),
    );
    this.#kick(conn, CLOSE.LOGOUT, why);
  }

  /** Closes every socket, as the server stops. */
  closeAll() {
    for (const conn of [...this.connections.all]) {
      this.#kick(conn, CLOSE.GOING_AWAY, "socket.serverStopping");
    }
    this.#presence.close();
  }

  async #recheck(conns: Connection[]) {
    if (conns.length === 0) return;
    const now = this.opts.clock.now();
    const live = await liveSessionIds(this.opts.db, conns.map((c) => c.sessionId), now);
    for (const conn of conns) {
      if (!live.has(conn.sessionId)) this.logout(conn, "socket.sessionEnded");
    }
  }

  async #join(conn: Connection, exchange?: MarketExchange) {
    // The group comes from the account, never from the client.
    const user = await findLiveUserById(this.opts.db, conn.userId);
    if (!user) return this.logout(conn, "socket.accountRemoved");
    this.connections.move(conn, user.group, exchange ?? conn.exchange);
    this.#send(
      conn,
      JSON.stringify(
        { type: "joined", group: conn.group, exchange: conn.exchange } satisfies ServerMessage,
      ),
    );
    // A joining socket gets every price at once, not only those that move next.
    const prices = this.opts.market?.feed(conn.exchange).prices() ??
      this.#lastPrices.get(conn.exchange);
    if (prices && Object.keys(prices).length) {
      const msg: PriceMessage = {
        type: "price",
        exchange: conn.exchange,
        prices,
        at: this.opts.clock.now().getTime(),
      };
      this.#send(conn, JSON.stringify(msg));
    }
  }

  #onBusEvent(event: BusEvent) {
    switch (event.kind) {
      case "send":
        return this.deliver(event.to, event.msg);
      case "revoked":
        return void this.recheckUser(event.userId).catch((err) =>
          logError(`hub: recheck of user ${event.userId}`, err)
        );
      case "user-changed":
        return; // the session cache's business (server/realtime/realtime.ts)
      case "prices":
      case "prices-wanted":
        return; // the relayed market's and the engine's (realtime.ts, price-push.ts)
      case "shown":
        return this.#presence.heard(event);
      default:
        event satisfies never;
    }
  }

  #countFrame(conn: Connection): boolean {
    const now = this.opts.clock.now().getTime();
    if (now - conn.frames.windowStart >= 1000) conn.frames = { windowStart: now, count: 0 };
    if (++conn.frames.count <= (this.opts.maxFramesPerSecond ?? 20)) return true;
    this.counters.droppedFrames++;
    return false;
  }

  #send(conn: Connection, text: string) {
    if (conn.peer.readyState !== OPEN) return this.#forget(conn);
    if (conn.peer.bufferedAmount > this.opts.maxBufferedBytes) {
      this.counters.slowClosed++;
      return this.#kick(conn, CLOSE.SLOW, "socket.tooSlow");
    }
    try {
      conn.peer.send(text);
    } catch {
      this.#forget(conn);
    }
  }

  #expireAt(conn: Connection, at: number) {
    const left = at - this.opts.clock.now().getTime();
    if (left <= 0) return this.logout(conn, "socket.sessionExpired");
    this.#expiries.set(
      conn,
      setTimeout(
        () =>
          left > MAX_TIMER_MS
            ? this.#expireAt(conn, at)
            : this.logout(conn, "socket.sessionExpired"),
        Math.min(left, MAX_TIMER_MS),
      ),
    );
  }

  #forget(conn: Connection) {
    clearTimeout(this.#expiries.get(conn));
    this.#expiries.delete(conn);
    if (this.connections.remove(conn)) this.#shownChanged();
    if (this.connections.all.size === 0 && this.#sweep !== undefined) {
      clearInterval(this.#sweep);
      this.#sweep = undefined;
    }
  }

  /** The close frame's reason is the message's code: the client words it in the user's language. */
  #kick(conn: Connection, code: number, reason: SocketReason) {
    this.#forget(conn);
    try {
      conn.peer.close(code, reason);
    } catch {
      // Already closed: nothing left to release.
    }
  }
}
