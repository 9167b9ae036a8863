import assert from "node:assert/strict";
import { ManualClock } from "../../server/core/clock.ts";
import type { Market, MarketFeed, PriceTick } from "../../server/market/feed.shared.ts";
import {
  startPricePush,
  startPriceSnapshots,
  type Timers,
} from "../../server/realtime/price-push.ts";
import type { PriceMessage } from "../../server/realtime/protocol.ts";
import { storedPairs } from "../../server/exchanges/markets/markets.ts";
import { makeTestApp } from "../support/test-app.ts";
import { closeAll, serve, TestSocket } from "./support.ts";

class FakeTimers implements Timers {
  jobs = new Map<number, { at: number; fn: () => void }>();
  #seq = 0;
  constructor(private clock: ManualClock) {}
  set(fn: () => void, ms: number) {
    this.jobs.set(++this.#seq, { at: this.clock.now().getTime() + ms, fn });
    return this.#seq;
  }
  clear(id: unknown) {
    this.jobs.delete(id as number);
  }
  /** Moves the clock, running what falls due. */
  advance(ms: number) {
    const until = this.clock.now().getTime() + ms;
    for (;;) {
      const due = [...this.jobs].filter(([, j]) => j.at <= until).sort((a, b) => a[1].at - b[1].at);
      if (!due.length) break;
      const [id, job] = due[0];
      this.jobs.delete(id);
      this.clock.set(new Date(job.at));
      job.fn();
    }
    this.clock.set(new Date(until));
  }
}

function fakeFeed(exchange: "binance" | "gate") {
  const listeners = new Set<(t: PriceTick) => void>();
  const feed = {
    exchange,
    pairs: ["btc_usdt", "eth_usdt"],
    onTick(l: (t: PriceTick) => void) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  } as unknown as MarketFeed;
  const tick = (pair: string, price: string) =>
    listeners.forEach((l) => l({ exchange, pair, price, at: new Date() }));
  return { feed, tick, listeners };
}

Deno.test("price push: ticks are coalesced so each pair goes out at most once a second", () => {
  const clock = new ManualClock();
  const timers = new FakeTimers(clock);
  const binance = fakeFeed("binance");
  const gate = fakeFeed("gate");
  const market = { all: () => [binance.feed, gate.feed] } as unknown as Market;
  const out: PriceMessage[] = [];
  const stop = startPricePush(market, { clock, timers, emit: (m) => out.push(m) });

  binance.tick("btc_usdt", "100");
  binance.tick("btc_usdt", "101");
  timers.advance(0);
  assert.deepEqual(out.map((m) => m.prices), [{ btc_usdt: "101" }], "the first batch goes at once");

  for (let i = 0; i < 10; i++) {
    timers.advance(100);
    binance.tick("btc_usdt", String(102 + i));
    binance.tick("eth_usdt", String(10 + i));
  }
  gate.tick("btc_usdt", "99");
  timers.advance(0);
  assert.deepEqual(out.slice(1).map((m) => [m.exchange, m.prices]), [
    ["binance", { btc_usdt: "110", eth_usdt: "18" }],
    ["gate", { btc_usdt: "99" }],
  ]);
  assert.equal(out[1].at - out[0].at, 1000);
  timers.advance(5000);
  assert.equal(out.length, 4, "the last tick's batch followed a second later, then silence");
  assert.deepEqual(out[3].prices, { eth_usdt: "19", btc_usdt: "111" });

  binance.tick("btc_usdt", "1");
  stop();
  assert.equal(timers.jobs.size, 0);
  assert.equal(binance.listeners.size, 0);
});

Deno.test("price snapshots: every interval, each open feed's prices; a feed not open sends none", () => {
  const clock = new ManualClock();
  const timers = new FakeTimers(clock);
  const start = clock.now().getTime();
  const state = { binance: "open", gate: "open" } as Record<string, string>;
  const prices = { binance: { btc_usdt: "100" }, gate: {} } as Record<
    string,
    Record<string, string>
  >;
  const feed = (exchange: "binance" | "gate") =>
    ({
      exchange,
      state: () => ({ state: state[exchange], lastTickAt: null, reconnects: 0 }),
      prices: () => prices[exchange],
      // Binance's price arrived at the start; Gate's feed has none.
      priceAt: () => exchange === "binance" ? new Date(start) : undefined,
    }) as unknown as MarketFeed;
  const market = { all: () => [feed("binance"), feed("gate")] } as unknown as Market;
  const out: PriceMessage[] = [];
  const stop = startPriceSnapshots(market, {
    clock,
    timers,
    intervalMs: 5000,
    emit: (m) => out.push(m),
  });

  timers.advance(4999);
  assert.equal(out.length, 0);
  timers.advance(1);
  // Gate has no price yet: nothing to send for it.
  assert.deepEqual(out.map((m) => [m.exchange, m.prices]), [["binance", { btc_usdt: "100" }]]);
  // Each price says when it arrived, so an api-only instance ages it as its source does.
  assert.deepEqual(out[0].pricedAt, { btc_usdt: start });

  prices.gate = { btc_usdt: "99" };
  state.binance = "connecting";
  timers.advance(5000);
  assert.deepEqual(out.slice(1).map((m) => [m.exchange, m.prices]), [["gate", { btc_usdt: "99" }]]);

  stop();
  timers.advance(20_000);
  assert.equal(out.length, 2);
});

Deno.test("price push: sockets get their exchange's prices and a snapshot when they join", async () => {
  const t = await makeTestApp();
  const served = await serve(t.app);
  const sockets: TestSocket[] = [];
  try {
    const u = await t.user("User");
    const onBinance = await TestSocket.join(served, u.token, "binance");
    const onGate = await TestSocket.join(served, u.token, "gate");
    sockets.push(onBinance, onGate);
    t.market.sim("binance")!.setPrice("btc_usdt", "70123.45");
    const pushed = await onBinance.next("price");
    assert.equal(pushed.exchange, "binance");
    assert.deepEqual(pushed.prices, { btc_usdt: "70123.45" });
    await onGate.nothingFor(50);

    const late = await TestSocket.join(served, u.token, "binance");
    sockets.push(late);
    // The snapshot on joining holds every pair of the exchange at its latest price.
    assert.equal(late.snapshot?.prices.btc_usdt, "70123.45");
    assert.deepEqual(Object.keys(late.snapshot!.prices).sort(), storedPairs("binance").sort());
    assert.equal(onGate.snapshot?.exchange, "gate");
  } finally {
    await closeAll(t, served, sockets);
  }
});
