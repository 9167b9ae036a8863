import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import { ManualClock } from "../../server/core/clock.ts";
import { gateFeed } from "../../server/market/gate-feed.ts";
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

function setup(fakeOpts: FakeGateOptions = {}, secret?: string, staleMs?: number) {
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
    log: (m) => logs.push(m),
  });
  const subscribed = () => fake.frames.filter((f) => f.event === "subscribe").length;
  /** Gate refuses BTC_USD, then ETH_USD: the third subscription is the one that holds. */
  const settled = () => subscribed() === 3 && feed.state().unsupported?.length === 2;
  return { fake, clock, scheduler, logs, feed, subscribed, settled };
}

Deno.test("gate feed: subscribes spot.tickers for its eight pairs and keeps highest_bid", async () => {
  const t = setup();
  try {
    await t.feed.start();
    await waitFor("the subscription", t.settled);
    const sub = t.fake.frames[0];
    assert.equal(sub.channel, "spot.tickers");
    assert.deepEqual(sub.payload, GATE_PAIRS);
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
  const t = setup();
  try {
    await t.feed.start();
    await waitFor("the subscription", t.settled);
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
    assert.equal(t.fake.frames.at(-1)!.payload?.toString(), payloads[2].toString());
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

Deno.test("gate feed: one pair silent while the others stream is subscribed again, then reconnected; /api/health shows it", async () => {
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
    await waitFor("MEPAD subscribed again", () => t.subscribed() === 4);
    assert.deepEqual(t.fake.frames.filter((f) => f.event === "subscribe").at(-1)!.payload, [
      "MEPAD_USDT",
    ]);
    assert.match(t.logs.join("\n"), /no price for mepad_usdt for 6\d s; subscribing again/);
    assert.equal(t.fake.connects, 1);
    assert.equal(pairState("mepad_usdt"), "resubscribed");
    assert.equal(pairState("btc_usdt"), "live");
    assert.equal(t.feed.state().state, "open");
    // Still silent a minute later: the socket is reopened and everything subscribed again.
    for (let i = 0; i < 6; i++) await tenSeconds();
    await waitFor("the close", () => t.feed.state().state === "closed");
    assert.equal(pairState("mepad_usdt"), "down");
    assert.match(
      t.logs.join("\n"),
      /no price for mepad_usdt for 6\d s while open; reconnecting/,
    );
    t.scheduler.advance(5000);
    await waitFor("the reconnect", () => t.fake.connects === 2 && t.subscribed() === 5);
    // Still silent after the reconnect: it now waits twice as long (120 s) before the next round.
    for (let i = 0; i < 12; i++) await tenSeconds();
    assert.equal(t.subscribed(), 5, "no new round at 120 s");
    assert.equal(pairState("mepad_usdt"), "silent");
    await tenSeconds();
    await waitFor("MEPAD subscribed again after 125 s", () => t.subscribed() === 6);
    assert.equal(t.fake.connects, 2);
    t.fake.ticker("MEPAD_USDT", "0.0012");
    await waitFor("MEPAD's price", () => t.feed.price("mepad_usdt") === "0.0012");
    assert.equal(pairState("mepad_usdt"), "live");
    assert.equal(t.feed.state().pairs?.mepad_usdt.lastPriceAt, t.clock.now().toISOString());
  } finally {
    await t.feed.stop();
    await t.fake.close();
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
    await waitFor("the resubscription", () => t.subscribed() === 4 && t.fake.openSockets === 1);
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
