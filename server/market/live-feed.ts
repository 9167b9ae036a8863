// A feed over an exchange WebSocket: connects, keeps the last price per pair, and checks every
// 5 s (docs/realtime.md#live-prices) that the socket is alive, reconnecting and resubscribing when
// it is not. Prices survive a disconnect, so readers keep the last known price until the feed
// resumes. Only the pairs the exchange trades (its markets: Binance status TRADING, Gate
// tradable) are subscribed; a pair it stops trading is dropped, one it trades again added.
// "Alive" means prices arrive, pair by pair: an open socket kept busy by pings is not. When no
// pair has a price for noTickMs the socket is reopened. One pair silent while others stream
// never reopens the socket for everyone: the exchange's markets are read again (it may have halted
// the pair), and the pair, still traded, is subscribed again; still silent, it waits twice as long
// each round (patience). A pair the exchange refuses to stream is dropped, the rest subscribed
// again. /api/health shows each pair's state.
import type { Clock } from "../core/clock.ts";
import type {
  FeedState,
  MarketExchange,
  MarketFeed,
  Pair,
  PairHealth,
  PriceTick,
} from "./feed.shared.ts";
import { type Markets, storedMarkets } from "../exchanges/markets/markets.ts";
import { PriceBook } from "./price-book.ts";
import { type Scheduler, systemScheduler } from "./scheduler.ts";

export interface FeedProtocol {
  source: "binance" | "gate";
  /** The pairs this feed can price; those the exchange trades are subscribed. */
  pairs: readonly Pair[];
  /** Where to connect, for these pairs (a protocol may subscribe in its URL). */
  url(pairs: readonly Pair[]): string;
  /** Frames sent once the socket opens: subscriptions of `pairs` (traded, not refused). */
  hello(pairs: readonly Pair[]): Promise<string[]>;
  /** Frames subscribing `pairs` on the open socket (a silent pair, a traded one); default hello. */
  subscribe?(pairs: readonly Pair[]): Promise<string[]>;
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
  /** Which pairs the exchange trades (live: read from it); default the stored copy. */
  markets?: Pick<Markets, "pairs" | "invalidate">;
  scheduler?: Scheduler;
  /** Opens the socket; tests may wrap it. */
  connect?: (url: string) => WebSocket;
  /** Liveness check period; default 5 s. */
  reconnectMs?: number;
  /** An open socket silent this long is closed and reopened; default 60 s. */
  staleMs?: number;
  /**
   * A pair with no price this long while open is subscribed again (then after twice as long, and
   * so on); every pair silent this long reopens the socket; default 60 s.
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
  /** Pairs the exchange refused to stream (unknown there). */
  private refused = new Set<Pair>();
  /** Pairs the exchange's markets do not trade now (halted, delisted, never listed). */
  private untraded = new Set<Pair>();
  private markets: Pick<Markets, "pairs" | "invalidate">;
  private connecting = false;
  private connects = 0;
  private timers: (() => void)[] = [];
  private log: (message: string) => void;

  constructor(private protocol: FeedProtocol, private opts: LiveFeedOptions) {
    this.exchange = opts.exchange;
    this.source = protocol.source;
    this.pairs = protocol.pairs;
    this.book = new PriceBook(opts.exchange, opts.clock);
    this.markets = opts.markets ?? storedMarkets();
    this.log = opts.log ?? ((m) => console.warn(`[${this.source} feed] ${m}`));
  }

  start() {
    if (this.timers.length) return Promise.resolve();
    const scheduler = this.opts.scheduler ?? systemScheduler;
    this.timers.push(scheduler.every(this.opts.reconnectMs ?? 5000, () => void this.check()));
    const ping = this.protocol.ping;
    if (ping) this.timers.push(scheduler.every(ping.everyMs, () => this.send(ping.frame())));
    void this.connect();
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
      unsupported: this.pairs.filter((p) => this.unsupported(p)),
      pairs: Object.fromEntries(this.pairs.map((p) => [p, this.pairHealth(p)])),
    };
  }

  private pairHealth(pair: Pair): PairHealth {
    const at = this.pricedAt.get(pair);
    const lastPriceAt = at === undefined ? null : new Date(at).toISOString();
    if (this.unsupported(pair)) return { state: "unsupported", lastPriceAt };
    const watch = this.watched.get(pair);
    if (this.current !== "open" || !watch) return { state: "down", lastPriceAt };
    const silentMs = this.opts.clock.now().getTime() - watch.since;
    if (silentMs > this.noTickMs) return { state: "silent", lastPriceAt };
    if (watch.resubscribed) return { state: "resubscribed", lastPriceAt };
    return { state: at !== undefined && at >= watch.since ? "live" : "waiting", lastPriceAt };
  }

  private unsupported(pair: Pair) {
    return this.refused.has(pair) || this.untraded.has(pair);
  }

  /** The pairs to stream: traded by the exchange, not refused by its socket. */
  private active() {
    return this.pairs.filter((p) => !this.unsupported(p));
  }

  private get noTickMs() {
    return this.opts.noTickMs ?? 60_000;
  }

  /**
   * How long a pair may stay silent before it is subscribed again: noTickMs, doubled for each
   * round it already had while still silent (at most 16 times), so a pair that does not trade is
   * not asked for every minute.
   */
  private patience(pair: Pair) {
    return this.noTickMs * 2 ** Math.min(this.quietRounds.get(pair) ?? 0, 4);
  }

  /** The periodic liveness check: reopen a lost socket, close a silent or stuck one. */
  private async check() {
    if (!this.socket) return await this.connect();
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
    const silentFor = silent.length ? longest(silent) : 0;
    // Marked first: the next check, while the markets and frames are awaited, must not ask again.
    for (const [pair] of silent) {
      this.watched.set(pair, { since: now, resubscribed: true });
      this.quietRounds.set(pair, (this.quietRounds.get(pair) ?? 0) + 1);
    }
    const before = new Set(this.untraded);
    // A silent pair may be one the exchange halted: its markets are read afresh then.
    await this.learnTraded(silent.length > 0);
    if (this.socket !== socket) return;
    const again = silent.map(([pair]) => pair).filter((pair) => this.watched.has(pair));
    const resumed = this.pairs.filter((p) => before.has(p) && !this.unsupported(p));
    for (const pair of resumed) this.watched.set(pair, { since: now, resubscribed: false });
    if (again.length) {
      this.log(`no price for ${again.join(", ")} for ${silentFor} s; subscribing again`);
    }
    if (resumed.length) this.log(`${resumed.join(", ")} traded again; subscribing`);
    if (!again.length && !resumed.length) return;
    const frames = await this.frames([...again, ...resumed], this.protocol.subscribe);
    if (this.socket !== socket) return;
    for (const frame of frames) this.send(frame);
  }

  /**
   * Learns which of the feed's pairs the exchange trades now (`recheck`: its markets read afresh);
   * a pair it does not is no longer watched. Markets that cannot tell leave things as they were.
   */
  private async learnTraded(recheck: boolean) {
    if (recheck) this.markets.invalidate(this.exchange);
    let traded: Set<Pair>;
    try {
      traded = new Set(await this.markets.pairs(this.exchange));
    } catch (err) {
      this.log(`markets not read: ${(err as Error).message}`);
      return;
    }
    const untraded = this.pairs.filter((p) => !traded.has(p));
    const halted = untraded.filter((p) => !this.untraded.has(p));
    this.untraded = new Set(untraded);
    for (const pair of untraded) this.watched.delete(pair);
    if (halted.length) {
      this.log(`${halted.join(", ")} not traded on ${this.source}; not subscribed`);
    }
  }

  private async connect() {
    if (this.connecting) return;
    this.connecting = true;
    this.connects++;
    this.current = "connecting";
    this.lastMessageAt = this.opts.clock.now().getTime();
    try {
      await this.learnTraded(false);
    } finally {
      this.connecting = false;
    }
    // Stopped while the markets were read.
    if (!this.timers.length) return;
    const pairs = this.active();
    if (!pairs.length) {
      this.current = "closed";
      this.log(`${this.source} trades none of ${this.pairs.join(", ")}; not connecting`);
      return;
    }
    let socket: WebSocket;
    try {
      socket = (this.opts.connect ?? ((url) => new WebSocket(url)))(this.protocol.url(pairs));
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
      this.active().map((p) => [p, { since: this.lastMessageAt, resubscribed: false }]),
    );
    await this.hello();
  }

  /** Subscribes every active pair, as on opening. */
  private async hello() {
    for (const frame of await this.frames(this.active())) this.send(frame);
  }

  /** The protocol's subscription frames for `pairs`; none when it failed (logged). */
  private async frames(pairs: readonly Pair[], make = this.protocol.hello) {
    try {
      return await make.call(this.protocol, pairs);
    } catch (err) {
      this.log(`subscription failed: ${(err as Error).message}`);
      return [];
    }
  }

  private received(socket: WebSocket, data: unknown) {
    if (this.socket !== socket || typeof data !== "string") return;
    this.lastMessageAt = this.opts.clock.now().getTime();
    try {
      const refused = (this.protocol.refused?.(data) ?? []).filter((p) => !this.unsupported(p));
      if (refused.length) {
        for (const pair of refused) {
          this.refused.add(pair);
          this.watched.delete(pair);
        }
        this.log(`${refused.join(", ")} not streamed by ${this.source}; subscribing the rest`);
        void this.hello();
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
