import assert from "node:assert/strict";
import { ManualClock } from "../../server/core/clock.ts";
import { liveMarkets } from "../../server/exchanges/markets/markets.ts";
import { binanceFeed } from "../../server/market/binance-feed.ts";
import type { PriceTick } from "../../server/market/feed.shared.ts";
import { ManualScheduler } from "../../server/market/scheduler.ts";
import { startFakeBinance } from "../fakes/fake-binance.ts";
import { waitFor } from "../fakes/wait-for.ts";

function setup() {
  const fake = startFakeBinance();
  const clock = new ManualClock();
  const scheduler = new ManualScheduler();
  const logs: string[] = [];
  const feed = binanceFeed(fake.wsUrl, { clock, scheduler, log: (m) => logs.push(m) });
  return { fake, clock, scheduler, logs, feed };
}

Deno.test("binance feed: opens one combined stream of the pairs Binance trades and keeps bids", async () => {
  const t = setup();
  try {
    const ticks: PriceTick[] = [];
    t.feed.onTick((tick) => ticks.push(tick));
    assert.equal(t.feed.state().state, "closed");
    await t.feed.start();
    await waitFor("the stream to open", () => t.feed.state().state === "open");
    assert.deepEqual(t.fake.streamsRequested, [[
      "btcusdt@bookTicker",
      "ethusdt@bookTicker",
      "bnbusdt@bookTicker",
      "btcfdusd@bookTicker",
      "btctusd@bookTicker",
    ]], "no BTCUSD/ETHUSD (not on Binance.com) nor the delisted BUSD pairs");
    await waitFor("the fake to count the socket", () => t.fake.openStreams === 1);
    t.fake.bookTicker("BTCUSDT", "60000.01000000", "60000.02000000");
    t.fake.bookTicker("BTCFDUSD", "60001.00000000");
    await waitFor("both bids", () => Object.keys(t.feed.prices()).length === 2);
    assert.deepEqual(t.feed.prices(), {
      btc_usdt: "60000.01000000",
      btc_fdusd: "60001.00000000",
    });
    assert.deepEqual(ticks.map((x) => [x.exchange, x.pair, x.price]), [
      ["binance", "btc_usdt", "60000.01000000"],
      ["binance", "btc_fdusd", "60001.00000000"],
    ]);
    assert.equal(t.feed.state().lastTickAt?.getTime(), t.clock.now().getTime());
  } finally {
    await t.feed.stop();
    await t.fake.close();
  }
});

Deno.test("binance feed: after a drop it keeps the last price, reconnects on the 5 s check and resumes", async () => {
  const t = setup();
  try {
    await t.feed.start();
    await waitFor("open", () => t.feed.state().state === "open" && t.fake.openStreams === 1);
    t.fake.bookTicker("ETHUSDT", "3000.10000000");
    await waitFor("the first bid", () => t.feed.price("eth_usdt") === "3000.10000000");

    t.fake.dropStreams();
    await waitFor("the drop to be seen", () => t.feed.state().state === "closed");
    assert.equal(t.feed.price("eth_usdt"), "3000.10000000");
    assert.match(t.logs.join("\n"), /disconnected \(1001\)/);

    t.scheduler.advance(4999);
    assert.equal(t.fake.streamConnects, 1);
    t.scheduler.advance(1);
    await waitFor(
      "the reconnect",
      () => t.feed.state().state === "open" && t.fake.openStreams === 1,
    );
    assert.equal(t.fake.streamConnects, 2);
    assert.equal(t.feed.state().reconnects, 1);

    t.fake.bookTicker("ETHUSDT", "3001.20000000");
    await waitFor("prices to resume", () => t.feed.price("eth_usdt") === "3001.20000000");
  } finally {
    await t.feed.stop();
    await t.fake.close();
  }
});

Deno.test("binance feed: a stream silent for over 60 s is closed and reopened", async () => {
  const t = setup();
  try {
    await t.feed.start();
    await waitFor("open", () => t.feed.state().state === "open" && t.fake.openStreams === 1);
    t.clock.advance(61_000);
    t.scheduler.advance(5000);
    await waitFor("the silent socket to close", () => t.feed.state().state === "closed");
    assert.match(t.logs.join("\n"), /no data for 61 s/);
    t.scheduler.advance(5000);
    await waitFor("the reconnect", () => t.feed.state().state === "open");
    assert.equal(t.feed.state().reconnects, 1);
  } finally {
    await t.feed.stop();
    await t.fake.close();
  }
});

Deno.test("binance feed: one symbol silent for 60 s while the others stream is subscribed again on the open stream, not reopened", async () => {
  const t = setup();
  const streaming = ["BTCUSDT", "ETHUSDT", "BNBUSDT", "BTCFDUSD"];
  try {
    await t.feed.start();
    await waitFor("open", () => t.feed.state().state === "open" && t.fake.openStreams === 1);
    for (let second = 5; second <= 65; second += 5) {
      for (const symbol of streaming) t.fake.bookTicker(symbol, `${second}.5`);
      await waitFor("the bids", () => t.feed.price("btc_fdusd") === `${second}.5`);
      assert.equal(t.feed.state().pairs?.btc_tusd.state, "waiting");
      t.clock.advance(5000);
      t.scheduler.advance(5000);
    }
    await waitFor("the SUBSCRIBE", () => t.fake.frames.length === 1);
    assert.deepEqual(t.fake.frames[0], {
      method: "SUBSCRIBE",
      params: ["btctusd@bookTicker"],
      id: 1,
    });
    assert.match(t.logs.join("\n"), /no price for btc_tusd for 65 s; subscribing again/);
    assert.equal(t.feed.state().pairs?.btc_tusd.state, "resubscribed");
    assert.equal(t.feed.state().pairs?.btc_usdt.state, "live");
    assert.equal(t.feed.state().state, "open");
    assert.equal(t.fake.streamConnects, 1);
    t.fake.bookTicker("BTCTUSD", "60020.25");
    await waitFor("its price", () => t.feed.price("btc_tusd") === "60020.25");
    assert.equal(t.feed.state().pairs?.btc_tusd.state, "live");
  } finally {
    await t.feed.stop();
    await t.fake.close();
  }
});

Deno.test("binance feed: a symbol Binance has halted (not TRADING) is not subscribed, and never reopens the stream", async () => {
  const fake = startFakeBinance();
  fake.halt("BTCTUSD");
  const clock = new ManualClock();
  const scheduler = new ManualScheduler();
  const logs: string[] = [];
  const markets = liveMarkets({
    urls: { binance: fake.restUrl, gate: "http://127.0.0.1:9" },
    clock,
  });
  const feed = binanceFeed(fake.wsUrl, { clock, scheduler, markets, log: (m) => logs.push(m) });
  try {
    await feed.start();
    await waitFor("open", () => feed.state().state === "open" && fake.openStreams === 1);
    assert.deepEqual(fake.streamsRequested, [[
      "btcusdt@bookTicker",
      "ethusdt@bookTicker",
      "bnbusdt@bookTicker",
      "btcfdusd@bookTicker",
    ]]);
    assert.deepEqual(feed.state().unsupported, ["btc_tusd"]);
    assert.match(logs.join("\n"), /btc_tusd not traded on binance; not subscribed/);
    // Four minutes of prices on the others: nothing is asked for BTCTUSD, nothing reopened.
    for (let second = 5; second <= 245; second += 5) {
      for (const symbol of ["BTCUSDT", "ETHUSDT", "BNBUSDT", "BTCFDUSD"]) {
        fake.bookTicker(symbol, `${second}.5`);
      }
      await waitFor("the bids", () => feed.price("btc_fdusd") === `${second}.5`);
      clock.advance(5000);
      scheduler.advance(5000);
    }
    assert.equal(fake.streamConnects, 1);
    assert.deepEqual(fake.frames, []);
    assert.equal(feed.state().pairs?.btc_tusd.state, "unsupported");
    assert.doesNotMatch(logs.join("\n"), /reconnecting/);
  } finally {
    await feed.stop();
    await fake.close();
  }
});

Deno.test("binance feed: frames for other symbols, empty books and garbage are ignored", async () => {
  const t = setup();
  try {
    await t.feed.start();
    await waitFor("open", () => t.feed.state().state === "open" && t.fake.openStreams === 1);
    t.fake.broadcast("not json");
    t.fake.broadcast(JSON.stringify({
      stream: "dogeusdt@bookTicker",
      data: { u: 1, s: "DOGEUSDT", b: "0.1", B: "1", a: "0.2", A: "1" },
    }));
    t.fake.bookTicker("BTCUSDT", "0.00000000");
    t.fake.bookTicker("BTCUSDT", "59999.00000000");
    await waitFor("the real bid", () => t.feed.price("btc_usdt") === "59999.00000000");
    assert.deepEqual(Object.keys(t.feed.prices()), ["btc_usdt"]);
    assert.match(t.logs.join("\n"), /unreadable frame/);
    assert.equal(t.feed.state().state, "open");
  } finally {
    await t.feed.stop();
    await t.fake.close();
  }
});

Deno.test("binance feed: stop() closes the socket and clears its timers", async () => {
  const t = setup();
  await t.feed.start();
  await waitFor("open", () => t.feed.state().state === "open");
  await t.feed.stop();
  assert.equal(t.feed.state().state, "closed");
  assert.equal(t.scheduler.pending, 0);
  await waitFor("the fake to see the close", () => t.fake.openStreams === 0);
  await t.fake.close();
});
