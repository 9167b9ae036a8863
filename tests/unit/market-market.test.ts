import assert from "node:assert/strict";
import { testConfig } from "../../server/config.ts";
import { ManualClock } from "../../server/core/clock.ts";
import { createMarket, feedHealth } from "../../server/market/market.ts";
import { ManualScheduler } from "../../server/market/scheduler.ts";
import { startFakeBinance } from "../fakes/fake-binance.ts";
import { startFakeGate } from "../fakes/fake-gate.ts";
import { waitFor } from "../fakes/wait-for.ts";
import { makeTestApp } from "../support/test-app.ts";

Deno.test("createMarket() with MARKET_FEED=sim simulates both exchanges, seeded apart", () => {
  const market = createMarket(testConfig({ MARKET_SEED: 9 }), { clock: new ManualClock() });
  assert.deepEqual(market.all().map((f) => [f.exchange, f.source, f.pairs.length]), [
    ["binance", "sim", 5],
    ["gate", "sim", 6],
  ]);
  const again = createMarket(testConfig({ MARKET_SEED: 9 }), { clock: new ManualClock() });
  for (let i = 0; i < 5; i++) {
    market.sim("binance")!.step();
    again.sim("binance")!.step();
  }
  assert.deepEqual(market.feed("binance").prices(), again.feed("binance").prices());
  market.sim("gate")!.step();
  assert.notEqual(market.feed("gate").price("btc_usdt"), market.feed("binance").price("btc_usdt"));
});

Deno.test("createMarket() with MARKET_FEED=binance streams Binance live and simulates Gate", async () => {
  const fake = startFakeBinance();
  const scheduler = new ManualScheduler();
  const market = createMarket(
    testConfig({ MARKET_FEED: "binance", BINANCE_WS_URL: fake.wsUrl }),
    { clock: new ManualClock(), scheduler, log: () => {} },
  );
  try {
    assert.equal(market.sim("binance"), undefined);
    assert.equal(market.sim("gate")?.source, "sim");
    await market.start();
    await waitFor("the stream", () => fake.openStreams === 1);
    fake.bookTicker("BNBUSDT", "580.10000000");
    await waitFor("a price", () => market.feed("binance").price("bnb_usdt") === "580.10000000");
    const health = feedHealth(market);
    assert.deepEqual(health.map((h) => [h.exchange, h.source, h.state]), [
      ["binance", "binance", "open"],
      ["gate", "sim", "open"],
    ]);
  } finally {
    await market.stop();
    await fake.close();
  }
  assert.equal(scheduler.pending, 0);
});

Deno.test("createMarket() with MARKET_FEED=gate signs the Gate subscription with GATE_WS_KEY", async () => {
  const fake = startFakeGate({ requireAuth: true });
  const market = createMarket(
    testConfig({
      MARKET_FEED: "gate",
      GATE_WS_URL: fake.wsUrl,
      GATE_WS_KEY: fake.apiKey,
      GATE_WS_SECRET: fake.secret,
    }),
    { clock: new ManualClock(), scheduler: new ManualScheduler(), log: () => {} },
  );
  try {
    await market.start();
    // One subscription, of the pairs Gate trades (not BTC_USD, ETH_USD).
    await waitFor("the subscription", () => fake.frames.length === 1 && fake.openSockets === 1);
    fake.ticker("NAFT_USDT", "0.0004571");
    await waitFor("a price", () => market.feed("gate").price("naft_usdt") === "0.0004571");
    assert.equal(market.sim("binance")?.exchange, "binance");
  } finally {
    await market.stop();
    await fake.close();
  }
});

Deno.test("GET /api/health reports each feed's exchange, source and state", async () => {
  const t = await makeTestApp();
  try {
    const res = await t.call("GET", "/api/health");
    assert.equal(res.status, 200);
    const body = await res.json();
    // The test app's sims are never started (tests move them), but price from their creation.
    const created = t.clock.now().toISOString();
    assert.deepEqual(body.feeds, [
      { exchange: "binance", source: "sim", state: "closed", lastTickAt: created, reconnects: 0 },
      { exchange: "gate", source: "sim", state: "closed", lastTickAt: created, reconnects: 0 },
    ]);
    t.clock.advance(1000);
    t.market.sim("binance")!.setPrice("btc_usdt", "70000");
    const after = await (await t.call("GET", "/api/health")).json();
    assert.equal(after.feeds[0].lastTickAt, t.clock.now().toISOString());
  } finally {
    await t.close();
  }
});
