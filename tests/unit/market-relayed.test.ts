import assert from "node:assert/strict";
import { ManualClock } from "../../server/core/clock.ts";
import type { PriceTick } from "../../server/market/feed.shared.ts";
import { createRelayedMarket, STALE_MS } from "../../server/market/relayed-market.ts";

Deno.test("relayed market: batches become prices and ticks; the feed is open while they come", () => {
  const clock = new ManualClock();
  const market = createRelayedMarket(clock);
  const feed = market.feed("gate");
  const ticks: PriceTick[] = [];
  feed.onTick((tick) => ticks.push(tick));
  assert.equal(feed.state().state, "connecting");
  assert.equal(feed.price("btc_usdt"), undefined);

  market.relay({ exchange: "gate", prices: { btc_usdt: "60000.1", eth_usdt: "3000" } });
  market.relay({ exchange: "gate", prices: { btc_usdt: "60000.1" } });
  assert.deepEqual(feed.prices(), { btc_usdt: "60000.1", eth_usdt: "3000" });
  assert.deepEqual(ticks.map((t) => [t.pair, t.price]), [["btc_usdt", "60000.1"], [
    "eth_usdt",
    "3000",
  ]]);
  assert.equal(market.feed("binance").price("btc_usdt"), undefined);
  assert.equal(feed.state().state, "open");

  // A batch that moves nothing (a snapshot) keeps the prices served, without a tick.
  clock.advance(STALE_MS - 1);
  market.relay({ exchange: "gate", prices: { btc_usdt: "60000.1", eth_usdt: "3000" } });
  assert.equal(ticks.length, 2);
  clock.advance(STALE_MS - 1);
  assert.equal(feed.state().state, "open");
  assert.equal(feed.price("btc_usdt"), "60000.1");

  // No batch for STALE_MS: the source is gone, and nothing is priced on what it last sent.
  clock.advance(1);
  assert.equal(feed.state().state, "connecting");
  assert.equal(feed.price("btc_usdt"), undefined);
  assert.deepEqual(feed.prices(), {});
  market.relay({ exchange: "gate", prices: { eth_usdt: "3001" } });
  assert.deepEqual(feed.prices(), { btc_usdt: "60000.1", eth_usdt: "3001" });
});

Deno.test("relayed market: a snapshot repeating a silent pair's price keeps its upstream age", () => {
  const clock = new ManualClock();
  const market = createRelayedMarket(clock);
  const feed = market.feed("binance");
  const start = clock.now().getTime();
  market.relay({ exchange: "binance", prices: { btc_usdt: "67400" } });
  clock.advance(20_000);
  // The engine's snapshot: btc_usdt's last price arrived 20 s ago; eth_usdt's just now.
  market.relay({
    exchange: "binance",
    prices: { btc_usdt: "67400", eth_usdt: "3450" },
    pricedAt: { btc_usdt: start, eth_usdt: clock.now().getTime() },
  });
  assert.equal(feed.priceAt("btc_usdt")?.getTime(), start);
  assert.equal(feed.priceAt("eth_usdt")?.getTime(), clock.now().getTime());
  // A batch of moved pairs carries no times: as of its arrival.
  market.relay({ exchange: "binance", prices: { btc_usdt: "67401" } });
  assert.equal(feed.priceAt("btc_usdt")?.getTime(), clock.now().getTime());
});
