// Closable by construction (server/exchanges/markets/closable.ts): a position is opened only when
// its close, after the fee and the exchange's steps, is an order the exchange takes.
import assert from "node:assert/strict";
import fc from "fast-check";
import { dec } from "../../server/core/decimal.shared.ts";
import {
  buyClose,
  closeShortfall,
  sellClose,
  smallestClosableBuy,
  smallestClosableSell,
} from "../../server/exchanges/markets/closable.ts";
import { storedMarkets } from "../../server/exchanges/markets/markets.ts";

const rule = async (exchange: "binance" | "gate", pair: string) =>
  (await storedMarkets().rule(exchange, pair))!;

Deno.test("closable: a 6 USDT BTC BUY at 67,400 on Binance closes at 4.718 USDT, under 5; 6.07 closes", async () => {
  const btc = await rule("binance", "btc_usdt");
  assert.equal(btc.takerFee, "0.001");
  // 0.00008 BTC filled; less 0.1% is 0.00007992, on the 0.00001 step 0.00007 = 4.718 USDT.
  const close = buyClose(btc, "6", "67400");
  assert.equal(close.quantity.toFixed(), "0.00007");
  assert.equal(close.value.toFixed(), "4.718");
  assert.equal(closeShortfall(btc, close), "5 USDT");
  const smallest = smallestClosableBuy(btc, "67400");
  assert.equal(smallest.toFixed(), "6.07");
  assert.equal(closeShortfall(btc, buyClose(btc, smallest, "67400")), undefined);
  assert.equal(closeShortfall(btc, buyClose(btc, "6.06", "67400")), "5 USDT");
});

Deno.test("closable: Gate takes its fee from the pair (0.2%) and sizes the BUY in USDT", async () => {
  const btc = await rule("gate", "btc_usdt");
  assert.equal(btc.takerFee, "0.002");
  // 3.1 USDT at 67,400: 0.00004599 BTC, less 0.2% 0.0000459, on the step 0.00004 = 2.696 USDT.
  assert.equal(closeShortfall(btc, buyClose(btc, "3.1", "67400")), "3 USDT");
  const smallest = smallestClosableBuy(btc, "67400");
  assert.equal(closeShortfall(btc, buyClose(btc, smallest, "67400")), undefined);
  assert.equal(
    closeShortfall(btc, buyClose(btc, smallest.sub("0.1"), "67400")) !== undefined,
    true,
    `${smallest} is the smallest`,
  );
});

Deno.test("closable: a sell_buy SELL is refused when its buy-back falls under the minimum", async () => {
  const binance = await rule("binance", "btc_usdt");
  // 0.00008 BTC sold at 67,400 is bought back at 59,400: 4.752 USDT, under 5.
  assert.equal(closeShortfall(binance, sellClose(binance, "0.00008", "67400", "59400")), "5 USDT");
  assert.equal(smallestClosableSell(binance, "67400", "59400").toFixed(), "0.00009");
  const gate = await rule("gate", "btc_usdt");
  // Gate spends the proceeds less its 0.2% fee: 0.00005 BTC at 60,000 is 3 USDT, 2.994 after it.
  assert.equal(closeShortfall(gate, sellClose(gate, "0.00005", "60000", "59400")), "3 USDT");
  assert.equal(smallestClosableSell(gate, "60000", "59400").toFixed(), "0.00006");
});

Deno.test("closable: the smallest amount is closable and a cent less is not, on every pair", async () => {
  const markets = storedMarkets();
  const pairs = [
    ...(await markets.pairs("binance")).map((p) => ["binance", p] as const),
    ...(await markets.pairs("gate")).map((p) => ["gate", p] as const),
  ];
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...pairs),
      fc.double({ min: 0.0001, max: 100_000, noNaN: true }),
      async ([exchange, pair], level) => {
        const r = await rule(exchange, pair);
        const price = dec(level).toDecimalPlaces(6);
        fc.pre(price.gt(0));
        const smallest = smallestClosableBuy(r, price);
        assert.equal(closeShortfall(r, buyClose(r, smallest, price)), undefined);
        const less = smallest.sub("0.01");
        if (less.gt(0)) assert.notEqual(closeShortfall(r, buyClose(r, less, price)), undefined);
      },
    ),
    { numRuns: 300 },
  );
});
