// Which users have a page of the app shown, on any instance: calls are pushed to the devices of
// the others only (server/push/). Each instance sends the full list of its users with a shown page
// over the bus whenever it changes, and again every PRESENCE_REFRESH_MS while it is not empty; a
// list not refreshed for three periods is an instance that stopped, and is dropped.
import type { Clock } from "../core/clock.ts";
import { randomHex } from "../core/hex.ts";
import type { Bus, BusEvent } from "./bus.ts";
import { logError } from "../core/log-error.ts";

export const PRESENCE_REFRESH_MS = 30_000;
/** Sockets opening or closing together (a deploy, a reconnect wave) make one announcement. */
const COALESCE_MS = 200;
const STALE_MS = 3 * PRESENCE_REFRESH_MS;

type ShownEvent = Extract<BusEvent, { kind: "shown" }>;

export class Presence {
  readonly instance = randomHex(8);
  #local = new Set<number>();
  #remote = new Map<string, { users: Set<number>; at: number }>();
  #refresh: ReturnType<typeof setInterval> | undefined;
  #pending: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly bus: Bus, private readonly clock: Clock) {}

  /** This instance's users with a shown page, after a socket opened, closed or changed. */
  update(users: Set<number>) {
    const same = users.size === this.#local.size && [...users].every((u) => this.#local.has(u));
    if (same) return;
    this.#local = users;
    this.#pending ??= setTimeout(() => {
      this.#pending = undefined;
      this.#announce();
    }, COALESCE_MS);
    if (users.size && !this.#refresh) {
      this.#refresh = setInterval(() => this.#announce(), PRESENCE_REFRESH_MS);
    } else if (!users.size) {
      clearInterval(this.#refresh);
      this.#refresh = undefined;
    }
  }

  /** Another instance's list. */
  heard(event: ShownEvent) {
    if (event.instance === this.instance) return;
    if (event.users.length) {
      this.#remote.set(event.instance, { users: new Set(event.users), at: this.#now() });
    } else {
      this.#remote.delete(event.instance);
    }
  }

  isShown(userId: number) {
    if (this.#local.has(userId)) return true;
    return this.#fresh().some((users) => users.has(userId));
  }

  /** Every user with a page shown on some instance. */
  shownUsers(): number[] {
    return [...new Set([this.#local, ...this.#fresh()].flatMap((users) => [...users]))];
  }

  /** The other instances' lists, those gone stale dropped. */
  #fresh() {
    const fresh: Set<number>[] = [];
    for (const [instance, { users, at }] of this.#remote) {
      if (at < this.#now() - STALE_MS) this.#remote.delete(instance);
      else fresh.push(users);
    }
    return fresh;
  }

  close() {
    clearInterval(this.#refresh);
    clearTimeout(this.#pending);
    this.#refresh = this.#pending = undefined;
  }

  #announce() {
    const event: ShownEvent = { kind: "shown", instance: this.instance, users: [...this.#local] };
    this.bus.publish(event).catch((err) => logError("presence: publish", err));
  }

  #now() {
    return this.clock.now().getTime();
  }
}
