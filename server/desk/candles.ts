// GET /desk/candles: the pair's candles from the recorded one-minute table, aggregated in SQL for
// wider intervals (bars start at UTC multiples of the interval since the epoch, so a day starts at
// 00:00 UTC), then the minutes the engine has not written yet and the feed's last price on top, so
// the last bar is the live one. Where the market is a live exchange (MARKET_FEED), the closed bars
// nothing was recorded for come from the exchange's own history (recorded and live bars win where
// both exist); an exchange that fails or is slow leaves the recorded bars alone. With them, the caller's own entries and exits in the window and a
// line at each of their open positions' targets.
import { and, desc, eq, gte, inArray, isNull, or, sql } from "drizzle-orm";
import { dec } from "../core/decimal.shared.ts";
import { logError } from "../core/log-error.ts";
import { candles as c, transactions as t } from "../db/schema.ts";
import type { Deps } from "../deps.ts";
import type { Candle, CandleMarker, DeskCandlesAnswer, DeskCandlesQuery } from "./schema.shared.ts";
import { INTERVAL_MS } from "./schema.shared.ts";
import { openingSide, openPriceOf, targetOf } from "./rows.ts";

/** The markers a chart carries at most: the newest. */
const MAX_MARKERS = 500;

export async function deskCandles(
  deps: Pick<Deps, "clock" | "config" | "db" | "engine" | "exchanges" | "market">,
  userId: number,
  q: DeskCandlesQuery,
): Promise<DeskCandlesAnswer> {
  const step = INTERVAL_MS[q.interval];
  const barOf = (ms: number) => Math.floor(ms / step) * step;
  const current = barOf(deps.clock.now().getTime());
  const from = current - (q.limit - 1) * step;
  const [rows, own] = await Promise.all([
    recordedBars(deps, q, step, from),
    ownRows(deps, userId, q, from),
  ]);
  const bars = new Map<number, Candle>(rows.map((r) => [r.t, r]));
  const fold = (at: number, open: string, high: string, low: string, close: string) => {
    if (at < from) return;
    const bar = bars.get(barOf(at));
    if (!bar) return void bars.set(barOf(at), { t: barOf(at), o: open, h: high, l: low, c: close });
    if (dec(high).gt(bar.h)) bar.h = high;
    if (dec(low).lt(bar.l)) bar.l = low;
    bar.c = close;
  };
  for (const m of deps.engine?.unwrittenCandles(q.exchange, q.pair) ?? []) {
    fold(m.openTime, m.open, m.high, m.low, m.close);
  }
  const feed = deps.market?.feed(q.exchange);
  const last = feed?.price(q.pair);
  const lastAt = feed?.priceAt(q.pair);
  if (last && lastAt) fold(lastAt.getTime(), last, last, last, last);
  if (deps.config.MARKET_FEED === q.exchange) {
    await fromExchange(deps, q, bars, from, current - step);
  }
  const candles = [...bars.values()].sort((a, b) => a.t - b.t).slice(-q.limit);
  return {
    exchange: q.exchange,
    pair: q.pair,
    interval: q.interval,
    candles,
    ...marks(own, from),
  };
}

/** The exchange's closed bars in [from, lastClosed] that `bars` lacks, added to it. */
async function fromExchange(
  deps: Pick<Deps, "exchanges">,
  q: DeskCandlesQuery,
  bars: Map<number, Candle>,
  from: number,
  lastClosed: number,
) {
  const step = INTERVAL_MS[q.interval];
  const missing: number[] = [];
  for (let t = from; t <= lastClosed; t += step) if (!bars.has(t)) missing.push(t);
  if (!missing.length) return;
  try {
    const history = deps.exchanges.history(q.exchange);
    for (const b of await history.bars(q.pair, q.interval, missing[0], missing.at(-1)!)) {
      if (b.t >= from && !bars.has(b.t)) bars.set(b.t, { t: b.t, o: b.o, h: b.h, l: b.l, c: b.c });
    }
  } catch (err) {
    // An expected outage: one line, no stack (the exchange rests a while before the next try).
    logError(`candle history of ${q.exchange} ${q.pair} ${q.interval}: ${(err as Error).message}`);
  }
}

/** One bar per interval: first open, highest high, lowest low, last close. */
async function recordedBars(
  deps: Pick<Deps, "db">,
  q: DeskCandlesQuery,
  step: number,
  from: number,
) {
  const rows = await recordedBarsQuery(deps, q, step, from);
  return rows.map((r) => ({ ...r, t: Number(r.t) }));
}

/** The statement recordedBars runs (its plan is tested with many rows). */
export function recordedBarsQuery(
  deps: Pick<Deps, "db">,
  q: Pick<DeskCandlesQuery, "exchange" | "pair">,
  step: number,
  from: number,
) {
  // A constant from INTERVAL_MS, inlined so the select and the GROUP BY are one expression.
  const s = sql.raw(String(step));
  const bar = sql`(floor(extract(epoch from ${c.openTime}) * 1000 / ${s}) * ${s})::bigint`;
  return deps.db.select({
    t: sql<string>`${bar}::text`,
    o: sql<string>`(array_agg(${c.open} order by ${c.openTime}))[1]::text`,
    h: sql<string>`max(${c.high})::text`,
    l: sql<string>`min(${c.low})::text`,
    c: sql<string>`(array_agg(${c.close} order by ${c.openTime} desc))[1]::text`,
  }).from(c).where(and(
    eq(c.exchange, q.exchange),
    eq(c.pair, q.pair),
    gte(c.openTime, new Date(from)),
  )).groupBy(bar);
}

/** The caller's trades on the pair that opened or closed in the window, and their open ones. */
function ownRows(deps: Pick<Deps, "db">, userId: number, q: DeskCandlesQuery, from: number) {
  const since = new Date(from);
  return deps.db.select().from(t).where(and(
    eq(t.userId, userId),
    inArray(t.status, ["BUY", "SELL", "DONE"]),
    eq(t.pair, q.pair),
    sql`${t.exchange}::text = ${q.exchange}`,
    eq(t.kind, "trade"),
    isNull(t.orderState),
    or(gte(t.createdAt, since), gte(t.filledAt, since), inArray(t.status, ["BUY", "SELL"])),
  )).orderBy(desc(t.createdAt), desc(t.id)).limit(MAX_MARKERS);
}

function marks(rows: Awaited<ReturnType<typeof ownRows>>, from: number) {
  const markers: CandleMarker[] = [];
  const targets: DeskCandlesAnswer["targets"] = [];
  for (const row of rows) {
    const side = openingSide(row);
    const opened = (row.openedAt ?? row.createdAt).getTime();
    if (opened >= from) {
      markers.push({
        t: opened,
        transactionId: row.id,
        side,
        kind: "entry",
        price: openPriceOf(row),
      });
    }
    // Only a closing fill is an exit: a row closed by hand has none.
    if (row.status === "DONE" && row.closeQuantity !== null && row.filledAt && row.filledPrice) {
      const closed = row.filledAt.getTime();
      if (closed >= from) {
        markers.push({
          t: closed,
          transactionId: row.id,
          side: side === "BUY" ? "SELL" : "BUY",
          kind: "exit",
          price: row.filledPrice,
        });
      }
    }
    const target = targetOf(row);
    if (target) targets.push({ transactionId: row.id, side, price: target });
  }
  markers.sort((a, b) => a.t - b.t || a.transactionId - b.transactionId);
  return { markers, targets };
}
