import assert from "node:assert/strict";
import { ManualClock } from "../../server/core/clock.ts";
import { dec } from "../../server/core/decimal.shared.ts";
import type { PriceTick } from "../../server/market/feed.shared.ts";
import { ManualScheduler } from "../../server/market/scheduler.ts";
import { SimFeed } from "../../server/market/sim-feed.ts";
import { findPair } from "../../server/exchanges/pairs.shared.ts";

const sim = (seed: number, scheduler?: ManualScheduler) =>
  new SimFeed({ exchange: "binance", seed, clock: new ManualClock(), scheduler });

function run(feed: SimFeed, steps: number) {
  const seen: string[] = [];
  feed.onTick((t) => seen.push(`${t.pair}=${t.price}`));
  for (let i = 0; i < steps; i++) feed.step();
  return seen;
}

Deno.test("SimFeed with the same seed walks through the same prices", () => {
  const a = run(sim(7), 200);
  const b = run(sim(7), 200);
  assert.ok(a.length > 500);
  assert.deepEqual(a, b);
});

Deno.test("SimFeed with another seed walks elsewhere", () => {
  assert.notDeepEqual(run(sim(7), 50), run(sim(8), 50));
});

Deno.test("SimFeed prices every pair of its exchange from the start, on its tick grid", () => {
  const gate = new SimFeed({ exchange: "gate", seed: 1, clock: new ManualClock() });
  assert.deepEqual(Object.keys(gate.prices()), [...gate.pairs]);
  for (let i = 0; i < 100; i++) gate.step();
  for (const [pair, price] of Object.entries(gate.prices())) {
    const tick = findPair(pair)!.tickSize;
    assert.ok(dec(price).gt(0), `${pair} ${price}`);
    assert.ok(dec(price).mod(tick).isZero(), `${pair} ${price} off the ${tick} grid`);
  }
});

Deno.test("SimFeed stays within a realistic band over six simulated hours", () => {
  const feed = sim(42);
  for (let i = 0; i < 21_600; i++) feed.step();
  const btc = dec(feed.price("btc_usdt")!);
  assert.ok(btc.gt(40_000) && btc.lt(100_000), `btc_usdt at ${btc}`);
});

Deno.test("SimFeed.setPrice() emits a tick at that price and the walk continues from it", () => {
  const clock = new ManualClock();
  const feed = new SimFeed({ exchange: "binance", seed: 3, clock });
  const ticks: PriceTick[] = [];
  feed.onTick((t) => ticks.push(t));
  feed.setPrice("btc_usdt", "70000");
  assert.equal(feed.price("btc_usdt"), "70000.00");
  assert.deepEqual(ticks.map((t) => [t.exchange, t.pair, t.price]), [
    ["binance", "btc_usdt", "70000.00"],
  ]);
  assert.equal(ticks[0].at.getTime(), clock.now().getTime());
  feed.step();
  assert.ok(dec(feed.price("btc_usdt")!).minus(70_000).abs().lt(200));
  assert.throws(() => feed.setPrice("mepad_usdt", "1"), /does not price "mepad_usdt"/);
});

Deno.test("SimFeed steps on its scheduler once started and stops cleanly", async () => {
  const scheduler = new ManualScheduler();
  const feed = sim(5, scheduler);
  let ticks = 0;
  feed.onTick(() => ticks++);
  assert.equal(feed.state().state, "closed");
  await feed.start();
  assert.equal(feed.state().state, "open");
  scheduler.advance(999);
  assert.equal(ticks, 0);
  scheduler.advance(1);
  assert.ok(ticks > 0);
  await feed.stop();
  assert.equal(scheduler.pending, 0);
  assert.equal(feed.state().state, "closed");
});
