import assert from "node:assert/strict";
import { ManualClock } from "../../server/core/clock.ts";
import type { PriceTick } from "../../server/market/feed.ts";
import { createRelayedMarket } from "../../server/market/relayed-market.ts";

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

  clock.advance(15_000);
  assert.equal(feed.state().state, "connecting");
});
