// Resolved sessions kept for a moment (SESSION_CACHE_MS): a trader's stream of requests then costs
// one session lookup a second instead of one per request (it was a third of a trade's database
// work). Whatever ends or changes access drops a user's entries at once: revocation, deletion,
// role, password and two-factor changes, and every other write to the user's row through
// `userChanged` (server/auth/user-changed.ts), on this instance directly and on the others over
// the realtime bus. A write that bypasses both is seen within SESSION_CACHE_MS.
//
// Entries are keyed by the bearer token itself (hashing it cost as much as the lookup saved); they
// live only in this process's memory, which holds the tokens of the requests it serves anyway.
import type { SessionRow, SessionUser } from "./sessions.ts";

export interface FoundSession {
  session: SessionRow;
  user: SessionUser;
}

interface Entry {
  found: FoundSession;
  until: number;
}

export interface SessionCacheOptions {
  ttlMs: number;
  /** Entries kept at most; the oldest go first. */
  max?: number;
  /** Monotonic milliseconds: cache freshness is measured in real time, not the business clock. */
  now?: () => number;
}

export class SessionCache {
  #entries = new Map<string, Entry>();
  #now: () => number;
  /** Bumped by every forgetUser: a lookup begun before it may have read what it dropped. */
  #generation = 0;

  constructor(private readonly opts: SessionCacheOptions) {
    this.#now = opts.now ?? (() => performance.now());
  }

  /** The cached session for a token, unless stale or expired by `at` (the business clock). */
  get(token: string, at: Date): FoundSession | undefined {
    const entry = this.#entries.get(token);
    if (!entry) return undefined;
    if (entry.until <= this.#now() || entry.found.session.expiresAt <= at) {
      this.#entries.delete(token);
      return undefined;
    }
    return entry.found;
  }

  /** Taken before a lookup and handed to `set`, which then keeps nothing if a drop came between. */
  ticket() {
    return this.#generation;
  }

  set(token: string, found: FoundSession, ticket: number) {
    if (ticket !== this.#generation) return;
    this.#entries.delete(token);
    if (this.#entries.size >= (this.opts.max ?? 10_000)) {
      this.#entries.delete(this.#entries.keys().next().value!);
    }
    this.#entries.set(token, { found, until: this.#now() + this.opts.ttlMs });
  }

  /** Drops a user's entries; null drops everyone's. */
  forgetUser(userId: number | null) {
    this.#generation++;
    if (userId === null) return this.#entries.clear();
    for (const [token, entry] of this.#entries) {
      if (entry.found.user.id === userId) this.#entries.delete(token);
    }
  }

  get size() {
    return this.#entries.size;
  }
}

/** The cache SESSION_CACHE_MS asks for; none when it is 0. */
export const sessionCacheFor = (config: { SESSION_CACHE_MS: number }) =>
  config.SESSION_CACHE_MS > 0 ? new SessionCache({ ttlMs: config.SESSION_CACHE_MS }) : undefined;
