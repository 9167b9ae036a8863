import assert from "node:assert/strict";
import {
  type BlockInput,
  durationParts,
  liveResult,
  localMidnight,
  sellsSomething,
  tradeBlocks,
  withTick,
} from "../../web/src/desk/live.ts";
import {
  CANDLE_INTERVALS as CLIENT_INTERVALS,
  INTERVAL_MS as CLIENT_INTERVAL_MS,
} from "../../web/src/desk/intervals.ts";
import { CANDLE_INTERVALS, INTERVAL_MS } from "../../server/desk/schema.shared.ts";
import { sellQuantity } from "../../server/transactions/pricing.shared.ts";

const long = {
  side: "BUY" as const,
  openPrice: "100",
  quantity: "2",
  currentPrice: "110",
  unrealizedPnl: "19.5",
  fee: "0.5",
};

Deno.test("liveResult: the server's result at its price, moved by the tick since", () => {
  assert.deepEqual(liveResult(long, undefined), { price: "110", pnl: 19.5, pct: 9.75 });
  assert.deepEqual(liveResult(long, "110"), { price: "110", pnl: 19.5, pct: 9.75 });
  assert.deepEqual(liveResult(long, "120"), { price: "120", pnl: 39.5, pct: 19.75 });
  // A short gains as the price falls.
  const short = { ...long, side: "SELL" as const, unrealizedPnl: "-20.5" };
  assert.equal(liveResult(short, "100")!.pnl, -0.5);
  // No server price: from the opening fill.
  const unpriced = { ...long, currentPrice: null, unrealizedPnl: null };
  assert.equal(liveResult(unpriced, undefined), null);
  assert.equal(liveResult(unpriced, "105")!.pnl, 10);
});

Deno.test("withTick: moves the last candle within its interval, opens the next after it", () => {
  const candles = [{ t: 60_000, o: "10", h: "12", l: "9", c: "11" }];
  assert.deepEqual(withTick(candles, 60_000, 90_000, "13"), [
    { t: 60_000, o: "10", h: "13", l: "9", c: "13" },
  ]);
  assert.deepEqual(withTick(candles, 60_000, 100_000, "8.5")[0], {
    t: 60_000,
    o: "10",
    h: "12",
    l: "8.5",
    c: "8.5",
  });
  assert.deepEqual(withTick(candles, 60_000, 125_000, "11.5"), [
    candles[0],
    { t: 120_000, o: "11", h: "11.5", l: "11.5", c: "11.5" },
  ]);
  // A tick this device dates before the last candle (its clock behind) still moves it.
  assert.deepEqual(withTick(candles, 60_000, 10_000, "14")[0].c, "14");
  assert.equal(withTick(candles, 60_000, 10_000, "14").length, 1);
  assert.deepEqual(withTick([], 60_000, 61_000, "5"), [
    { t: 60_000, o: "5", h: "5", l: "5", c: "5" },
  ]);
});

const user: BlockInput = {
  role: "User",
  userId: 7,
  useBot: "buy_sell",
  tradingAmount: "100",
  coinFunds: "0",
  coinTradingAmount: "0",
  activeBuy: false,
  activeSell: false,
  exchange: "binance",
  halts: [],
  stale: false,
};

Deno.test("tradeBlocks: a User waits for a call; a halt, a stale price, no amount refuse too", () => {
  assert.deepEqual(tradeBlocks(user), { buy: { key: "call" }, sell: { key: "call" } });
  const called = { ...user, activeBuy: true };
  assert.deepEqual(tradeBlocks(called), { buy: null, sell: { key: "call" } });
  assert.deepEqual(tradeBlocks({ ...called, stale: true }).buy, { key: "stale" });
  assert.deepEqual(tradeBlocks({ ...called, tradingAmount: "0" }).buy, { key: "amount" });
  // A halt says so before anything else; another exchange's or user's halt is not this one's.
  const halt = (h: Partial<BlockInput["halts"][number]>) => ({
    ...called,
    halts: [{ scope: "all", exchange: null, userId: null, reason: "Feed down", ...h }],
  });
  assert.deepEqual(tradeBlocks(halt({})).buy, { key: "halt", reason: "Feed down" });
  assert.deepEqual(tradeBlocks(halt({})).sell, { key: "halt", reason: "Feed down" });
  assert.equal(tradeBlocks(halt({ scope: "exchange", exchange: "gate" })).buy, null);
  assert.equal(tradeBlocks(halt({ scope: "user", userId: 8 })).buy, null);
  assert.deepEqual(tradeBlocks(halt({ scope: "user", userId: 7 })).buy?.key, "halt");
});

Deno.test("tradeBlocks: a Lead trades without a call, and SELL needs the mode's coin amount", () => {
  const lead = { ...user, role: "Lead" as const, useBot: "none" as const };
  assert.deepEqual(tradeBlocks(lead), { buy: null, sell: { key: "amount" } });
  assert.deepEqual(tradeBlocks({ ...lead, coinTradingAmount: "0.5" }), { buy: null, sell: null });
  // only_sell sells 95% of the coin funds.
  const onlySell = { ...lead, useBot: "only_sell" as const, coinTradingAmount: "0.5" };
  assert.deepEqual(tradeBlocks(onlySell).sell, { key: "amount" });
  assert.equal(tradeBlocks({ ...onlySell, coinFunds: "1" }).sell, null);
});

Deno.test("durationParts: the two largest parts; localMidnight: the start of the local day", () => {
  assert.deepEqual(durationParts(0), [["s", 0]]);
  assert.deepEqual(durationParts(45_000), [["s", 45]]);
  assert.deepEqual(durationParts(3_723_000), [["h", 1], ["m", 2]]);
  assert.deepEqual(durationParts(3_600_000), [["h", 1]]);
  assert.deepEqual(durationParts(90_061_000), [["d", 1], ["h", 1]]);
  const at = new Date(2026, 10, 27, 15, 30);
  assert.equal(localMidnight(at), new Date(2026, 10, 27).getTime());
});

Deno.test("the dashboard's candle intervals are the server's", () => {
  assert.deepEqual(CLIENT_INTERVAL_MS, INTERVAL_MS);
  assert.deepEqual(CLIENT_INTERVALS, CANDLE_INTERVALS);
});

Deno.test("sellsSomething: says what pricing.sellQuantity > 0 says", () => {
  const amounts = ["0", "0.00000001", "0.00000002", "0.0000001", "1", "0.5", "12.34567891"];
  for (const useBot of ["none", "buy_sell", "sell_buy", "only_buy", "only_sell"] as const) {
    for (const funds of amounts) {
      for (const coin of amounts) {
        assert.equal(
          sellsSomething(useBot, funds, coin),
          Number(sellQuantity(useBot, funds, coin)) > 0,
          `${useBot} ${funds} ${coin}`,
        );
      }
    }
  }
});
