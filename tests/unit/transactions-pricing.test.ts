import assert from "node:assert/strict";
import {
  botCloses,
  botPrices,
  buyQuantity,
  initialStatus,
  isFluctuating,
  positionMode,
  sellQuantity,
  spreadBuyPrice,
  spreadSellPrice,
  targetField,
  varyAmount,
} from "../../server/transactions/pricing.shared.ts";
import { createTransactionSchema, decimalField } from "../../server/transactions/schema.ts";
import { dec } from "../../server/core/decimal.shared.ts";

/** mulberry32, so the variation test is the same on every run. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

Deno.test("buyQuantity() divides amount by buy price and floors to 8 decimals", () => {
  assert.equal(buyQuantity("100", "67250"), "0.00148698");
  assert.equal(buyQuantity("1", "3"), "0.33333333");
  assert.equal(buyQuantity("0.00000001", "2"), "0.00000000");
});

Deno.test("sellQuantity() sells 95% of coinFunds in only_sell, else coinTradingAmount", () => {
  assert.equal(sellQuantity("only_sell", "1.23456789", "0.5"), "1.17283949");
  assert.equal(sellQuantity("sell_buy", "1.23456789", "0.123456789"), "0.12345678");
  assert.equal(sellQuantity("none", "10", "0"), "0.00000000");
});

Deno.test("initialStatus() is DONE for only_buy and only_sell, else the side pressed", () => {
  assert.equal(initialStatus("only_buy", "BUY"), "DONE");
  assert.equal(initialStatus("only_sell", "SELL"), "DONE");
  for (const mode of ["none", "buy_sell", "sell_buy", "only_buy_sell"] as const) {
    assert.equal(initialStatus(mode, "BUY"), "BUY");
    assert.equal(initialStatus(mode, "SELL"), "SELL");
  }
});

Deno.test("spread prices are a percentage of the price, floored to 8 decimals", () => {
  assert.equal(spreadSellPrice("100", "1.5"), "101.50000000");
  assert.equal(spreadSellPrice("0.00000003", "50"), "0.00000004");
  assert.equal(spreadBuyPrice("100", "1.5"), "98.50000000");
  assert.equal(spreadBuyPrice("0.00000003", "50"), "0.00000001");
  assert.equal(spreadBuyPrice("10", "150"), "0.00000000");
});

Deno.test("botPrices() derives the waiting side from the spread in bot modes", () => {
  assert.deepEqual(botPrices("buy_sell", "200", "1"), {
    buyPrice: "200.00000000",
    sellPrice: "202.00000000",
  });
  assert.deepEqual(botPrices("sell_buy", "200", "1"), {
    buyPrice: "198.00000000",
    sellPrice: "200.00000000",
  });
  for (const mode of ["none", "only_buy", "only_sell"] as const) {
    assert.deepEqual(botPrices(mode, "200", "1"), {
      buyPrice: "200.00000000",
      sellPrice: "200.00000000",
    });
  }
});

Deno.test("varyAmount() moves by 5 to 20 percent, both ways, repeatably under a seed", () => {
  const random = seeded(7);
  const seen = { up: 0, down: 0 };
  for (let i = 0; i < 500; i++) {
    const varied = dec(varyAmount("1000", random));
    const share = varied.sub(1000).abs().div(1000).toNumber();
    assert.ok(share >= 0.05 && share <= 0.2, `share ${share} out of range`);
    if (varied.gt(1000)) seen.up++;
    else seen.down++;
  }
  assert.ok(seen.up > 150 && seen.down > 150, JSON.stringify(seen));
  const a = seeded(3), b = seeded(3);
  assert.equal(varyAmount("123.45", a), varyAmount("123.45", b));
});

Deno.test("isFluctuating() compares the relative distance to the tolerance", () => {
  assert.equal(isFluctuating("100.5", "100", 0.005), false);
  assert.equal(isFluctuating("100.51", "100", 0.005), true);
  assert.equal(isFluctuating("99.49", "100", 0.005), true);
  assert.equal(isFluctuating("100", "0", 0.005), true);
});

Deno.test("decimalField keeps strings and numbers as strings floored to 8 decimals", () => {
  assert.equal(decimalField.parse("67250.123456789"), "67250.12345678");
  assert.equal(decimalField.parse(0.1 + 0.2), "0.30000000");
  assert.equal(decimalField.parse(12), "12.00000000");
  for (const bad of ["-1", "1e5", "abc", "", "1".repeat(31), -0.5]) {
    assert.equal(decimalField.safeParse(bad).success, false, `accepted ${bad}`);
  }
});

Deno.test("createTransactionSchema refuses an unknown side or bot mode", () => {
  const base = {
    marketPrice: "1",
    pair: "btc_usdt",
    amount: "1",
    buyPrice: "1",
    sellPrice: "1",
    useBot: "buy_sell",
    status: "BUY",
    exchange: "binance",
  };
  assert.equal(createTransactionSchema.safeParse(base).success, true);
  assert.equal(createTransactionSchema.safeParse({ ...base, status: "DONE" }).success, false);
  assert.equal(createTransactionSchema.safeParse({ ...base, useBot: "always" }).success, false);
  assert.equal(createTransactionSchema.safeParse({ ...base, pair: "" }).success, false);
});

Deno.test("positionMode: the other side in a two-way mode opens the mirrored position; targets by mode", () => {
  assert.equal(positionMode("buy_sell", "SELL"), "sell_buy");
  assert.equal(positionMode("sell_buy", "BUY"), "buy_sell");
  for (const mode of ["none", "only_buy", "only_sell", "only_buy_sell"] as const) {
    assert.equal(positionMode(mode, "SELL"), mode);
    assert.equal(positionMode(mode, "BUY"), mode);
  }
  assert.equal(targetField("buy_sell", "BUY"), "sellPrice");
  assert.equal(targetField("only_buy_sell", "BUY"), "sellPrice");
  assert.equal(targetField("sell_buy", "SELL"), "buyPrice");
  // Modes with nothing to close at: no target to check.
  for (const mode of ["none", "only_buy", "only_sell"] as const) {
    assert.equal(targetField(mode, "BUY"), undefined);
    assert.equal(targetField(mode, "SELL"), undefined);
  }
  assert.equal(botCloses("buy_sell", "BUY"), true);
  assert.equal(botCloses("sell_buy", "SELL"), true);
  assert.equal(botCloses("only_buy_sell", "BUY"), false);
  assert.equal(botCloses(positionMode("buy_sell", "SELL"), "SELL"), true);
});
