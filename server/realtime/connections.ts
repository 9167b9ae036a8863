// The sockets of one instance, indexed by user, group and exchange for quick fan-out.
import type { SessionUser } from "../auth/sessions.ts";
import type { MarketExchange } from "../market/feed.shared.ts";
import type { Role } from "../auth/roles.shared.ts";
import { MARKET_EXCHANGES } from "../market/feed.shared.ts";

/** What the hub needs of a socket; Deno's WebSocket is one, tests pass fakes. */
export interface Peer {
  send(text: string): void;
  close(code?: number, reason?: string): void;
  readonly bufferedAmount: number;
  readonly readyState: number;
}

export interface Connection {
  readonly id: number;
  readonly peer: Peer;
  readonly userId: number;
  readonly username: string;
  readonly role: Role;
  /** The session's id (the token's hash): the hub keeps no token. */
  readonly sessionId: string;
  group: string;
  exchange: MarketExchange;
  /** Whether the page is shown (the client says when it changes): a shown page hears calls. */
  visible: boolean;
  /** Client frames counted in the current one-second window. */
  frames: { windowStart: number; count: number };
}

export const defaultExchange = (user: SessionUser): MarketExchange =>
  (MARKET_EXCHANGES as readonly string[]).includes(user.exchange)
    ? user.exchange as MarketExchange
    : "binance";

class Index<K> {
  #map = new Map<K, Set<Connection>>();
  add(key: K, conn: Connection) {
    let set = this.#map.get(key);
    if (!set) this.#map.set(key, set = new Set());
    set.add(conn);
  }
  remove(key: K, conn: Connection) {
    const set = this.#map.get(key);
    if (!set) return;
    set.delete(conn);
    if (set.size === 0) this.#map.delete(key);
  }
  get(key: K): ReadonlySet<Connection> {
    return this.#map.get(key) ?? new Set();
  }
}

export class Connections {
  readonly all = new Set<Connection>();
  readonly byUser = new Index<number>();
  readonly byGroup = new Index<string>();
  readonly byExchange = new Index<MarketExchange>();

  add(conn: Connection) {
    this.all.add(conn);
    this.byUser.add(conn.userId, conn);
    this.byGroup.add(conn.group, conn);
    this.byExchange.add(conn.exchange, conn);
  }

  /** Returns false when the connection was already gone. */
  remove(conn: Connection): boolean {
    if (!this.all.delete(conn)) return false;
    this.byUser.remove(conn.userId, conn);
    this.byGroup.remove(conn.group, conn);
    this.byExchange.remove(conn.exchange, conn);
    return true;
  }

  move(conn: Connection, group: string, exchange: MarketExchange) {
    if (!this.all.has(conn)) return;
    this.byGroup.remove(conn.group, conn);
    this.byExchange.remove(conn.exchange, conn);
    conn.group = group;
    conn.exchange = exchange;
    this.byGroup.add(group, conn);
    this.byExchange.add(exchange, conn);
  }
}
