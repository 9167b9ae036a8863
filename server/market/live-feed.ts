// A feed over an exchange WebSocket: connects, keeps the last price per pair, and checks every
// 5 s (docs/realtime.md#live-prices) that the socket is alive, reconnecting and resubscribing when
// it is not. Prices survive a disconnect, so readers keep the last known price until the feed
// resumes. "Alive" means prices arrive, pair by pair: an open socket kept busy by pings, or
// streaming every pair but one, is not. A pair with no price for noTickMs is subscribed again
// (where the protocol subscribes by frames); still silent noTickMs later, or when every pair is
// silent, or when the protocol subscribes in its URL, the socket is reopened. A pair still silent
// after that waits twice as long each round (patience), so one that does not trade cannot keep
// reopening the feed. A pair the exchange
// refuses to stream is dropped, the rest subscribed again. /api/health shows each pair's state.
import type { Clock } from "../core/clock.ts";
import type {
  FeedState,
  MarketExchange,
  MarketFeed,
  Pair,
  PairHealth,
  PriceTick,
} from "./feed.shared.ts";
import { PriceBook } from "./price-book.ts";
import { type Scheduler, systemScheduler } from "./scheduler.ts";

export interface FeedProtocol {
  source: "binance" | "gate";
  pairs: readonly Pair[];
  url: string;
  /** Frames sent once the socket opens: subscriptions of `pairs` (those not refused before). */
  hello(pairs: readonly Pair[]): Promise<string[]>;
  /** The pairs a frame says the exchange does not know (a refused subscription). */
  refused?(frame: string): Pair[];
  /** The prices a frame carries; acknowledgements and pongs carry none. */
  parse(frame: string, log: (message: string) => void): { pair: Pair; price: string }[];
  /** A keep-alive frame and its period, for exchanges that want the client to ping. */
  ping?: { everyMs: number; frame(): string };
}

export interface LiveFeedOptions {
  exchange: MarketExchange;
  clock: Clock;
  scheduler?: Scheduler;
  /** Opens the socket; tests may wrap it. */
  connect?: (url: string) => WebSocket;
  /** Liveness check period; default 5 s. */
  reconnectMs?: number;
  /** An open socket silent this long is closed and reopened; default 60 s. */
  staleMs?: number;
  /**
   * A pair with no price this long while open is subscribed again, then (still silent) the socket
   * reopened; default 60 s.
   */
  noTickMs?: number;
  log?: (message: string) => void;
}

export class LiveFeed implements MarketFeed {
  readonly exchange: MarketExchange;
  readonly source: "binance" | "gate";
  readonly pairs: readonly Pair[];
  private book: PriceBook;
  private socket: WebSocket | null = null;
  private closed: Promise<void> = Promise.resolve();
  private current: FeedState = "closed";
  private lastMessageAt = 0;
  /**
   * Per pair while open: since when it is watched (its last price, or the socket's opening or its
   * re-subscription if none since), and whether it was subscribed again during this silence.
   */
  private watched = new Map<Pair, { since: number; resubscribed: boolean }>();
  /** Per pair: when its last price frame arrived (an unchanged price counts: the stream lives). */
  private pricedAt = new Map<Pair, number>();
  /** Per pair: reconnects it caused with no price since (its patience doubles with each). */
  private quietRounds = new Map<Pair, number>();
  private unsupported = new Set<Pair>();
  private connects = 0;
  private timers: (() => void)[] = [];
  private log: (message: string) => void;

  constructor(private protocol: FeedProtocol, private opts: LiveFeedOptions) {
    this.exchange = opts.exchange;
    this.source = protocol.source;
    this.pairs = protocol.pairs;
    this.book = new PriceBook(opts.exchange, opts.clock);
    this.log = opts.log ?? ((m) => console.warn(`[${this.source} feed] ${m}`));
  }

  start() {
    if (this.timers.length) return Promise.resolve();
    const scheduler = this.opts.scheduler ?? systemScheduler;
    this.timers.push(scheduler.every(this.opts.reconnectMs ?? 5000, () => void this.check()));
    const ping = this.protocol.ping;
    if (ping) this.timers.push(scheduler.every(ping.everyMs, () => this.send(ping.frame())));
    this.connect();
    return Promise.resolve();
  }

  async stop() {
    for (const stop of this.timers.splice(0)) stop();
    const socket = this.socket;
    this.socket = null;
    this.current = "closed";
    if (socket && socket.readyState !== WebSocket.CLOSED) {
      socket.close();
      await this.closed;
    }
  }

  prices() {
    return this.book.prices();
  }

  price(pair: Pair) {
    return this.book.price(pair);
  }

  priceAt(pair: Pair) {
    return this.book.priceAt(pair);
  }

  onTick(listener: (tick: PriceTick) => void) {
    return this.book.onTick(listener);
  }

  state() {
    return {
      state: this.current,
      lastTickAt: this.book.lastTickAt,
      reconnects: Math.max(0, this.connects - 1),
      unsupported: [...this.unsupported],
      pairs: Object.fromEntries(this.pairs.map((p) => [p, this.pairHealth(p)])),
    };
  }

  private pairHealth(pair: Pair): PairHealth {
    const at = this.pricedAt.get(pair);
    const lastPriceAt = at === undefined ? null : new Date(at).toISOString();
    if (this.unsupported.has(pair)) return { state: "unsupported", lastPriceAt };
    const watch = this.watched.get(pair);
    if (this.current !== "open" || !watch) return { state: "down", lastPriceAt };
    const silentMs = this.opts.clock.now().getTime() - watch.since;
    if (silentMs > this.noTickMs) return { state: "silent", lastPriceAt };
    if (watch.resubscribed) return { state: "resubscribed", lastPriceAt };
    return { state: at !== undefined && at >= watch.since ? "live" : "waiting", lastPriceAt };
  }

  private get noTickMs() {
    return this.opts.noTickMs ?? 60_000;
  }

  /**
   * How long a pair may stay silent before it is subscribed again: noTickMs, doubled for each
   * reconnect it already caused while still silent (at most 16 times), so a pair that simply does
   * not trade does not reopen the whole feed every two minutes.
   */
  private patience(pair: Pair) {
    return this.noTickMs * 2 ** Math.min(this.quietRounds.get(pair) ?? 0, 4);
  }

  /** The periodic liveness check: reopen a lost socket, close a silent or stuck one. */
  private async check() {
    if (!this.socket) return this.connect();
    const socket = this.socket;
    const now = this.opts.clock.now().getTime();
    const silentMs = now - this.lastMessageAt;
    if (silentMs > (this.opts.staleMs ?? 60_000)) {
      this.log(`no data for ${Math.round(silentMs / 1000)} s; reconnecting`);
      return socket.close();
    }
    if (this.current !== "open") return;
    const watched = [...this.watched];
    const longest = (of: typeof watched) =>
      Math.round(Math.max(...of.map(([, w]) => now - w.since)) / 1000);
    if (watched.length && watched.every(([, w]) => now - w.since > this.noTickMs)) {
      this.log(`no price for ${longest(watched)} s while open; reconnecting`);
      return socket.close();
    }
    const silent = watched.filter(([pair, w]) => now - w.since > this.patience(pair));
    if (!silent.length) return;
    const pairs = silent.map(([pair]) => pair);
    const reconnect = () => {
      this.log(
        `no price for ${pairs.join(", ")} for ${longest(silent)} s while open; reconnecting`,
      );
      for (const pair of pairs) this.quietRounds.set(pair, (this.quietRounds.get(pair) ?? 0) + 1);
      socket.close();
    };
    if (silent.some(([, w]) => w.resubscribed)) return reconnect();
    // Marked first: the next check, while the frames are being made, must not send them again.
    for (const pair of pairs) this.watched.set(pair, { since: now, resubscribed: true });
    const frames = await this.hello(pairs);
    if (this.socket !== socket) return;
    if (!frames.length) return reconnect();
    this.log(`no price for ${pairs.join(", ")} for ${longest(silent)} s; subscribing again`);
    for (const frame of frames) this.send(frame);
  }

  private connect() {
    this.connects++;
    this.current = "connecting";
    this.lastMessageAt = this.opts.clock.now().getTime();
    let socket: WebSocket;
    try {
      socket = (this.opts.connect ?? ((url) => new WebSocket(url)))(this.protocol.url);
    } catch (err) {
      this.current = "closed";
      this.log(`cannot connect: ${(err as Error).message}`);
      return;
    }
    this.socket = socket;
    this.closed = new Promise((resolve) => socket.addEventListener("close", () => resolve()));
    socket.onopen = () => this.opened(socket);
    socket.onmessage = (event) => this.received(socket, event.data);
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.current = "closed";
      this.log(`disconnected (${event.code}); the next check reconnects`);
    };
  }

  private async opened(socket: WebSocket) {
    if (this.socket !== socket) return;
    this.current = "open";
    this.lastMessageAt = this.opts.clock.now().getTime();
    this.watched = new Map(
      this.pairs.filter((p) => !this.unsupported.has(p))
        .map((p) => [p, { since: this.lastMessageAt, resubscribed: false }]),
    );
    await this.subscribe();
  }

  private async subscribe() {
    const pairs = this.pairs.filter((p) => !this.unsupported.has(p));
    for (const frame of await this.hello(pairs)) this.send(frame);
  }

  /** The protocol's subscription frames for `pairs`; none when it failed (logged). */
  private async hello(pairs: readonly Pair[]) {
    try {
      return await this.protocol.hello(pairs);
    } catch (err) {
      this.log(`subscription failed: ${(err as Error).message}`);
      return [];
    }
  }

  private received(socket: WebSocket, data: unknown) {
    if (this.socket !== socket || typeof data !== "string") return;
    this.lastMessageAt = this.opts.clock.now().getTime();
    try {
      const refused = (this.protocol.refused?.(data) ?? []).filter((p) => !this.unsupported.has(p));
      if (refused.length) {
        for (const pair of refused) {
          this.unsupported.add(pair);
          this.watched.delete(pair);
        }
        this.log(`${refused.join(", ")} not streamed by ${this.source}; subscribing the rest`);
        void this.subscribe();
      }
      for (const { pair, price } of this.protocol.parse(data, this.log)) {
        this.pricedAt.set(pair, this.lastMessageAt);
        this.quietRounds.delete(pair);
        if (this.watched.has(pair)) {
          this.watched.set(pair, { since: this.lastMessageAt, resubscribed: false });
        }
        this.book.set(pair, price);
      }
    } catch (err) {
      this.log(`unreadable frame: ${(err as Error).message}`);
    }
  }

  private send(frame: string) {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(frame);
  }
}

/** A positive decimal string, as prices must be; an empty book side sends "0". */
export const isPrice = (value: unknown): value is string =>
  typeof value === "string" && /^\d+(\.\d+)?$/.test(value) && /[1-9]/.test(value);
