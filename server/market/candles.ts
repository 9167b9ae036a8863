// Records one-minute OHLC candles from feed ticks into `candles`, for the offline price history.
// A candle is written once, when its minute has closed, and all closed candles go in one insert.
// Volume is the number of price changes in the minute: the feeds carry best bids, not trades.
import { sql } from "drizzle-orm";
import type { Clock } from "../core/clock.ts";
import { dec } from "../core/decimal.shared.ts";
import type { Db } from "../db/client.ts";
import { candles } from "../db/schema.ts";
import type { Market, PriceTick } from "./feed.shared.ts";
import { type Scheduler, systemScheduler } from "./scheduler.ts";
import { logError } from "../core/log-error.ts";

const MINUTE = 60_000;
/** Closed candles kept while the database is unreachable; the oldest go first past this. */
const MAX_PENDING = 50_000;
const CHUNK = 1000;

export interface Candle {
  exchange: string;
  pair: string;
  openTime: number;
  open: string;
  high: string;
  low: string;
  close: string;
  ticks: number;
}

export interface CandleRecorderDeps {
  db: Db;
  clock: Clock;
  market: Market;
  scheduler?: Scheduler;
  /** How often closed minutes are written; default 10 s. */
  flushMs?: number;
}

export class CandleRecorder {
  private open = new Map<string, Candle>();
  private pending: Candle[] = [];
  private stops: (() => void)[] = [];
  private flushing: Promise<number> | null = null;

  constructor(private deps: CandleRecorderDeps) {}

  start() {
    if (this.stops.length) return;
    for (const feed of this.deps.market.all()) this.stops.push(feed.onTick((t) => this.record(t)));
    const scheduler = this.deps.scheduler ?? systemScheduler;
    this.stops.push(scheduler.every(this.deps.flushMs ?? 10_000, () => void this.flush()));
  }

  /** Stops recording and writes everything, the unfinished minutes included. */
  async stop() {
    for (const stop of this.stops.splice(0)) stop();
    await this.flush(true);
  }

  record(tick: PriceTick) {
    const key = `${tick.exchange}:${tick.pair}`;
    const openTime = Math.floor(tick.at.getTime() / MINUTE) * MINUTE;
    const candle = this.open.get(key);
    if (candle && candle.openTime === openTime) {
      if (dec(tick.price).gt(candle.high)) candle.high = tick.price;
      if (dec(tick.price).lt(candle.low)) candle.low = tick.price;
      candle.close = tick.price;
      candle.ticks++;
      return;
    }
    if (candle) this.close(candle);
    const { exchange, pair, price } = tick;
    this.open.set(key, {
      exchange,
      pair,
      openTime,
      open: price,
      high: price,
      low: price,
      close: price,
      ticks: 1,
    });
  }

  /**
   * The pair's minutes not in the table yet, oldest first: closed ones waiting for the next flush,
   * then the one still open. The desk's chart reads them after the table's rows.
   */
  unwritten(exchange: string, pair: string): Candle[] {
    const open = this.open.get(`${exchange}:${pair}`);
    const waiting = this.pending.filter((c) => c.exchange === exchange && c.pair === pair);
    return open ? [...waiting, { ...open }] : waiting;
  }

  /** Writes the candles whose minute has ended (all of them when `all`); returns how many. */
  flush(all = false): Promise<number> {
    // One write at a time: a slow database must not see overlapping batches of the same rows.
    this.flushing ??= this.write(all).finally(() => (this.flushing = null));
    return this.flushing;
  }

  private async write(all: boolean) {
    const now = this.deps.clock.now().getTime();
    for (const [key, candle] of this.open) {
      if (all || candle.openTime + MINUTE <= now) {
        this.open.delete(key);
        this.close(candle);
      }
    }
    let written = 0;
    while (this.pending.length) {
      // Chunks stay far below PostgreSQL's 65,535 bind parameters per statement.
      const batch = this.pending.slice(0, CHUNK);
      try {
        await this.insert(batch);
      } catch (err) {
        logError("candle write failed; will retry", err);
        break;
      }
      this.pending.splice(0, batch.length);
      written += batch.length;
    }
    return written;
  }

  private insert(batch: Candle[]) {
    return this.deps.db.insert(candles).values(batch.map((c) => ({
      exchange: c.exchange,
      pair: c.pair,
      openTime: new Date(c.openTime),
      open: c.open,
      high: c.high,
      low: c.low,
      close: c.close,
      volume: String(c.ticks),
    }))).onConflictDoUpdate({
      // A restart within a minute writes that minute twice: merge rather than lose either half.
      target: [candles.exchange, candles.pair, candles.openTime],
      set: {
        high: sql`greatest(${candles.high}, excluded.high)`,
        low: sql`least(${candles.low}, excluded.low)`,
        close: sql`excluded.close`,
        volume: sql`${candles.volume} + excluded.volume`,
      },
    });
  }

  private close(candle: Candle) {
    this.pending.push(candle);
    if (this.pending.length > MAX_PENDING) this.pending.shift();
  }
}
