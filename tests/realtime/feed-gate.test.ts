import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import { ManualClock } from "../../server/core/clock.ts";
import { liveMarkets, REFRESH_MS } from "../../server/exchanges/markets/markets.ts";
import { feedPairs } from "../../server/exchanges/pairs.shared.ts";
import { gateFeed } from "../../server/market/gate-feed.ts";
import type { LiveFeedOptions } from "../../server/market/live-feed.ts";
import { ManualScheduler } from "../../server/market/scheduler.ts";
import { type FakeGateOptions, startFakeGate } from "../fakes/fake-gate.ts";
import { waitFor } from "../fakes/wait-for.ts";

const GATE_PAIRS = [
  "BTC_USDT",
  "ETH_USDT",
  "BNB_USDT",
  "BTC_USD",
  "ETH_USD",
  "UNDEAD_USDT",
  "NAFT_USDT",
  "MEPAD_USDT",
];

/** Gate's markets; GATE_PAIRS less BTC_USD and ETH_USD, which Gate does not trade. */
const TRADED = GATE_PAIRS.filter((p) => !p.endsWith("_USD"));

function setup(
  fakeOpts: FakeGateOptions = {},
  secret?: string,
  staleMs?: number,
  markets?: LiveFeedOptions["markets"],
) {
  const fake = startFakeGate(fakeOpts);
  const clock = new ManualClock();
  const scheduler = new ManualScheduler();
  const logs: string[] = [];
  const credentials = secret === undefined ? undefined : { key: fake.apiKey, secret };
  const feed = gateFeed({
    url: fake.wsUrl,
    credentials,
    clock,
    scheduler,
    staleMs,
    markets,
    log: (m) => logs.push(m),
  });
  const subscribed = () => fake.frames.filter((f) => f.event === "subscribe").length;
  /** One subscription, of the pairs Gate trades; BTC_USD and ETH_USD are not asked for. */
  const settled = () => subscribed() === 1 && feed.state().unsupported?.length === 2;
  return { fake, clock, scheduler, logs, feed, subscribed, settled };
}

Deno.test("gate feed: subscribes spot.tickers for the pairs Gate trades and keeps highest_bid", async () => {
  const t = setup();
  try {
    await t.feed.start();
    await waitFor("the subscription", t.settled);
    const sub = t.fake.frames[0];
    assert.equal(sub.channel, "spot.tickers");
    assert.deepEqual(sub.payload, TRADED);
    assert.deepEqual(t.feed.state().unsupported, ["btc_usd", "eth_usd"]);
    assert.equal(t.feed.state().pairs?.btc_usd.state, "unsupported");
    assert.match(t.logs.join("\n"), /btc_usd, eth_usd not traded on gate; not subscribed/);
    assert.equal(sub.time, Math.floor(t.clock.now().getTime() / 1000));
    assert.equal(sub.auth, undefined);
    t.fake.ticker("MEPAD_USDT", "0.001236");
    t.fake.ticker("BTC_USDT", "60000.1");
    await waitFor("both prices", () => Object.keys(t.feed.prices()).length === 2);
    assert.deepEqual(t.feed.prices(), { mepad_usdt: "0.001236", btc_usdt: "60000.1" });
  } finally {
    await t.feed.stop();
    await t.fake.close();
  }
});

Deno.test("gate feed: one unknown pair fails Gate's whole subscription; it is dropped, the others keep their prices", async () => {
  // Markets that still list BTC_USD and ETH_USD (a stale copy): Gate's socket refuses them.
  const stale = { pairs: () => Promise.resolve(feedPairs("gate")), invalidate() {} };
  const t = setup({}, undefined, undefined, stale);
  const refusedTwice = () => t.subscribed() === 3 && t.feed.state().unsupported?.length === 2;
  try {
    await t.feed.start();
    await waitFor("the subscription", refusedTwice);
    const payloads = t.fake.frames.filter((f) => f.event === "subscribe").map((f) => f.payload);
    assert.deepEqual(payloads, [
      GATE_PAIRS,
      GATE_PAIRS.filter((p) => p !== "BTC_USD"),
      GATE_PAIRS.filter((p) => p !== "BTC_USD" && p !== "ETH_USD"),
    ]);
    assert.deepEqual(t.feed.state().unsupported, ["btc_usd", "eth_usd"]);
    assert.match(t.logs.join("\n"), /btc_usd not streamed by gate; subscribing the rest/);
    t.fake.ticker("ETH_USDT", "3000.5");
    t.fake.ticker("NAFT_USDT", "0.0003");
    await waitFor("the other pairs' prices", () => Object.keys(t.feed.prices()).length === 2);
    assert.equal(t.feed.state().state, "open");

    // A reconnect subscribes only what Gate streams.
    t.fake.dropConnections();
    await waitFor("the drop", () => t.feed.state().state === "closed");
    t.scheduler.advance(5000);
    await waitFor("the resubscription", () => t.subscribed() === 4 && t.fake.openSockets === 1);
    assert.equal(t.fake.frames.at(-1)!.payload?.toString(), TRADED.toString());
  } finally {
    await t.feed.stop();
    await t.fake.close();
  }
});

Deno.test("gate feed: open with pongs but no price for 60 s is not alive: it reconnects", async () => {
  // Pongs keep the socket from ever counting as silent: only the missing prices can tell.
  const t = setup({}, undefined, 3_600_000);
  try {
    await t.feed.start();
    await waitFor("the subscription", () => t.settled() && t.fake.openSockets === 1);
    // Gate answers every ping; no ticker ever arrives.
    for (let i = 1; i <= 6; i++) {
      t.clock.advance(10_000);
      t.scheduler.advance(10_000);
      await waitFor(
        `pong ${i}`,
        () => t.fake.frames.filter((f) => f.channel === "spot.ping").length === i,
      );
    }
    assert.equal(t.fake.connects, 1);
    t.clock.advance(5000);
    t.scheduler.advance(5000);
    await waitFor("the close", () => t.feed.state().state === "closed");
    t.scheduler.advance(5000);
    await waitFor("the reconnect", () => t.fake.connects === 2);
    assert.match(t.logs.join("\n"), /no price for 65 s while open; reconnecting/);
  } finally {
    await t.feed.stop();
    await t.fake.close();
  }
});

Deno.test("gate feed: one pair silent while the others stream is subscribed again, never reopening the socket; /api/health shows it", async () => {
  const t = setup({}, undefined, 3_600_000);
  const streaming = ["BTC_USDT", "ETH_USDT", "BNB_USDT", "UNDEAD_USDT", "NAFT_USDT"];
  let price = 0;
  /** Ten seconds on: the others tick (one price each), MEPAD does not; the 5 s checks run. */
  const tenSeconds = async () => {
    price++;
    for (const pair of streaming) t.fake.ticker(pair, `${price}.5`);
    await waitFor("the others' prices", () => t.feed.price("naft_usdt") === `${price}.5`);
    for (let i = 0; i < 2; i++) {
      t.clock.advance(5000);
      t.scheduler.advance(5000);
    }
  };
  const pairState = (pair: string) => t.feed.state().pairs?.[pair].state;
  const lastPayload = () => t.fake.frames.filter((f) => f.event === "subscribe").at(-1)!.payload;
  try {
    await t.feed.start();
    await waitFor("the subscription", () => t.settled() && t.fake.openSockets === 1);
    assert.equal(pairState("mepad_usdt"), "waiting");
    assert.equal(pairState("btc_usd"), "unsupported");
    for (let i = 0; i < 6; i++) await tenSeconds();
    assert.equal(pairState("btc_usdt"), "live");
    assert.equal(pairState("mepad_usdt"), "waiting", "60 s is not yet silent");
    // At 65 s MEPAD alone is silent: subscribed again on its own, the socket kept.
    await tenSeconds();
    await waitFor("MEPAD subscribed again", () => t.subscribed() === 2);
    assert.deepEqual(lastPayload(), ["MEPAD_USDT"]);
    assert.match(t.logs.join("\n"), /no price for mepad_usdt for 6\d s; subscribing again/);
    assert.equal(pairState("mepad_usdt"), "resubscribed");
    assert.equal(pairState("btc_usdt"), "live");
    // Still silent: asked again after 120 s, then 240 s; the socket is never reopened for it.
    for (let i = 0; i < 11; i++) await tenSeconds();
    assert.equal(t.subscribed(), 2, "no new round within 120 s");
    assert.equal(pairState("mepad_usdt"), "silent");
    await tenSeconds();
    await waitFor("MEPAD subscribed again after 125 s", () => t.subscribed() === 3);
    for (let i = 0; i < 24; i++) await tenSeconds();
    assert.equal(t.subscribed(), 3, "no new round at 240 s");
    await tenSeconds();
    await waitFor("MEPAD subscribed again after 245 s", () => t.subscribed() === 4);
    assert.equal(t.fake.connects, 1);
    assert.equal(t.feed.state().reconnects, 0);
    assert.doesNotMatch(t.logs.join("\n"), /reconnecting/);
    t.fake.ticker("MEPAD_USDT", "0.0012");
    await waitFor("MEPAD's price", () => t.feed.price("mepad_usdt") === "0.0012");
    assert.equal(pairState("mepad_usdt"), "live");
    assert.equal(t.feed.state().pairs?.mepad_usdt.lastPriceAt, t.clock.now().toISOString());
  } finally {
    await t.feed.stop();
    await t.fake.close();
  }
});

Deno.test("gate feed: a pair Gate stops trading is dropped when it falls silent, and subscribed when it trades again", async () => {
  const fake = startFakeGate();
  const clock = new ManualClock();
  const scheduler = new ManualScheduler();
  const logs: string[] = [];
  const markets = liveMarkets({
    urls: { binance: "http://127.0.0.1:9", gate: fake.restUrl },
    clock,
  });
  const feed = gateFeed({ url: fake.wsUrl, clock, scheduler, markets, log: (m) => logs.push(m) });
  const subscriptions = () => fake.frames.filter((f) => f.event === "subscribe");
  const others = TRADED.filter((p) => p !== "MEPAD_USDT");
  const tick = async (pairs: string[], price: string) => {
    for (const pair of pairs) fake.ticker(pair, price);
    await waitFor("the prices", () => feed.price("btc_usdt") === price);
  };
  try {
    await feed.start();
    await waitFor("the subscription", () => subscriptions().length === 1 && fake.openSockets === 1);
    assert.deepEqual(subscriptions()[0].payload, TRADED);
    fake.halt("MEPAD_USDT");
    // 65 s with prices for every pair but MEPAD: Gate's markets are read again, MEPAD is dropped.
    for (let s = 5; s <= 65; s += 5) {
      await tick(others, `${s}.5`);
      clock.advance(5000);
      scheduler.advance(5000);
    }
    await waitFor("MEPAD dropped", () => feed.state().pairs?.mepad_usdt.state === "unsupported");
    assert.match(logs.join("\n"), /mepad_usdt not traded on gate; not subscribed/);
    assert.equal(subscriptions().length, 1, "not subscribed again");
    assert.equal(fake.connects, 1);
    // Gate lists it again; once the markets are an hour old they are read, and MEPAD subscribed.
    fake.halt("MEPAD_USDT", false);
    clock.advance(REFRESH_MS);
    await tick(others, "70.5");
    scheduler.advance(5000);
    await waitFor("MEPAD subscribed", () => subscriptions().length === 2);
    assert.deepEqual(subscriptions()[1].payload, ["MEPAD_USDT"]);
    assert.match(logs.join("\n"), /mepad_usdt traded again; subscribing/);
    fake.ticker("MEPAD_USDT", "0.0012");
    await waitFor("MEPAD's price", () => feed.price("mepad_usdt") === "0.0012");
    assert.equal(feed.state().pairs?.mepad_usdt.state, "live");
    assert.equal(fake.connects, 1);
  } finally {
    await feed.stop();
    await fake.close();
  }
});

Deno.test("gate feed: with credentials the subscription carries a valid api_key signature", async () => {
  const t = setup({ requireAuth: true }, "gate-test-secret");
  try {
    await t.feed.start();
    await waitFor("the subscription", t.settled);
    const { time, auth } = t.fake.frames[0] as { time: number; auth: Record<string, string> };
    const expected = createHmac("sha512", "gate-test-secret")
      .update(`channel=spot.tickers&event=subscribe&time=${time}`).digest("hex");
    assert.deepEqual(auth, { method: "api_key", KEY: t.fake.apiKey, SIGN: expected });
    t.fake.ticker("ETH_USDT", "3000.5");
    await waitFor("the price", () => t.feed.price("eth_usdt") === "3000.5");
    assert.doesNotMatch(t.logs.join("\n"), /Authentication/);
  } finally {
    await t.feed.stop();
    await t.fake.close();
  }
});

Deno.test("gate feed: a refused signed subscription is logged with Gate's message", async () => {
  const t = setup({ requireAuth: true }, "wrong-secret");
  try {
    await t.feed.start();
    await waitFor("the refusal", () => t.logs.some((l) => l.includes("refused")));
    assert.match(t.logs.join("\n"), /spot\.tickers subscribe refused: Authentication fail/);
    assert.equal((t.fake.frames[0].auth as { KEY: string }).KEY, t.fake.apiKey);
  } finally {
    await t.feed.stop();
    await t.fake.close();
  }
});

Deno.test("gate feed: sends spot.ping every 10 s while open", async () => {
  const t = setup();
  try {
    await t.feed.start();
    await waitFor("the subscription", t.settled);
    t.scheduler.advance(10_000);
    await waitFor("a ping", () => t.fake.frames.some((f) => f.channel === "spot.ping"));
    t.scheduler.advance(10_000);
    await waitFor(
      "a second ping",
      () => t.fake.frames.filter((f) => f.channel === "spot.ping").length === 2,
    );
    assert.equal(t.feed.state().state, "open");
  } finally {
    await t.feed.stop();
    await t.fake.close();
  }
});

Deno.test("gate feed: after a drop it keeps prices, reconnects on the 5 s check, resubscribes and resumes", async () => {
  const t = setup({}, "gate-test-secret");
  try {
    await t.feed.start();
    await waitFor("the subscription", () => t.settled() && t.fake.openSockets === 1);
    t.fake.ticker("BTC_USDT", "60000.1");
    await waitFor("a price", () => t.feed.price("btc_usdt") === "60000.1");

    t.fake.dropConnections();
    await waitFor("the drop", () => t.feed.state().state === "closed");
    assert.equal(t.feed.price("btc_usdt"), "60000.1");
    assert.match(t.logs.join("\n"), /disconnected \(1012\)/);

    t.clock.advance(5000);
    t.scheduler.advance(5000);
    await waitFor("the resubscription", () => t.subscribed() === 2 && t.fake.openSockets === 1);
    assert.equal(t.fake.connects, 2);
    assert.equal(t.feed.state().reconnects, 1);
    assert.equal(t.feed.state().state, "open");

    t.fake.ticker("BTC_USDT", "60010.2");
    await waitFor("prices to resume", () => t.feed.price("btc_usdt") === "60010.2");
  } finally {
    await t.feed.stop();
    await t.fake.close();
  }
});

Deno.test("gate feed: an unreachable server leaves it closed and retrying on each check", async () => {
  const t = setup();
  const url = t.fake.wsUrl;
  await t.fake.close();
  const logs: string[] = [];
  const scheduler = new ManualScheduler();
  const feed = gateFeed({ url, clock: t.clock, scheduler, log: (m) => logs.push(m) });
  try {
    await feed.start();
    await waitFor("the failed attempt", () => feed.state().state === "closed");
    scheduler.advance(5000);
    await waitFor(
      "the second failed attempt",
      () => feed.state().state === "closed" && feed.state().reconnects === 1,
    );
  } finally {
    await feed.stop();
  }
});
