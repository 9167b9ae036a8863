// A row's result is what the exchange's fills made (server/transactions/pnl.ts), recorded when the
// bot closes it (close-order.ts doneValues).
import assert from "node:assert/strict";
import { doneValues } from "../../server/transactions/close-order.ts";
import { resultOf } from "../../server/transactions/pnl.shared.ts";
import type { TransactionRow } from "../../server/transactions/view.ts";
import type { Market } from "../../server/market/feed.shared.ts";

const noPrice = () => undefined;

Deno.test("pnl: a round trip's result is its cash flow, a BUY's fee in the coin included", () => {
  // Paid 60 for 0.001 BTC, of which 0.000001 was the fee; sold the 0.000999 that arrived for
  // 59.5404 less 0.0595404 USDT: 59.4808596 - 60.
  const result = resultOf(
    "btc_usdt",
    [
      { side: "BUY", quantity: "0.001", price: "60000", fee: "0.000001", feeAsset: "BTC" },
      { side: "SELL", quantity: "0.000999", price: "59600", fee: "0.0595404", feeAsset: "USDT" },
    ],
    "59600",
    noPrice,
  );
  assert.equal(result, "-0.51914040");
});

Deno.test("pnl: a fee in BNB is valued at BNB's price; without one there is no result", () => {
  const fills = [
    { side: "BUY" as const, quantity: "0.001", price: "60000", fee: "0.0001", feeAsset: "BNB" },
    { side: "SELL" as const, quantity: "0.001", price: "61000", fee: "0.00009", feeAsset: "BNB" },
  ];
  // 61 - 60 - 0.00019 BNB x 612.5
  assert.equal(resultOf("btc_usdt", fills, "61000", () => "612.5"), "0.88362500");
  assert.equal(resultOf("btc_usdt", fills, "61000", noPrice), null);
});

Deno.test("pnl: dust the close could not sell is valued at the closing price", () => {
  // 0.00007992 arrived; the 0.00001 step sold 0.00007; 0.00000992 BTC stays on the account.
  const result = resultOf(
    "btc_usdt",
    [
      { side: "BUY", quantity: "0.00008", price: "75000", fee: "0.00000008", feeAsset: "BTC" },
      { side: "SELL", quantity: "0.00007", price: "76000", fee: "0.00532", feeAsset: "USDT" },
    ],
    "76000",
    noPrice,
  );
  // -6 + 5.32 - 0.00532 + 0.00000992 x 76000
  assert.equal(result, "0.06860000");
});

Deno.test("pnl: a sell_buy that bought back with its proceeds made the coins it gained", () => {
  // Sold 0.01 ETH for 30 less 0.03 USDT, bought 0.01005 back at 2982 less a 0.00001005 ETH fee.
  const result = resultOf(
    "eth_usdt",
    [
      { side: "SELL", quantity: "0.01", price: "3000", fee: "0.03", feeAsset: "USDT" },
      { side: "BUY", quantity: "0.01005", price: "2982", fee: "0.00001005", feeAsset: "ETH" },
    ],
    "2982",
    noPrice,
  );
  // 30 - 0.03 - 29.9691 + (0.01005 - 0.00001005 - 0.01) x 2982
  assert.equal(result, "0.12003090");
});

const opened = {
  id: 7,
  status: "BUY",
  pair: "btc_usdt",
  exchange: "binance",
  useBot: "buy_sell",
  kind: "trade",
  priceSource: "server",
  orderState: null,
  filledQuantity: "0.00100000",
  avgPrice: "60000.00000000",
  fee: "0.00000100",
  feeAsset: "BTC",
} as unknown as TransactionRow;

const market = (prices: Record<string, string>) =>
  ({
    feed: () => ({ price: (pair: string) => prices[pair] }),
  }) as unknown as Market;
const clock = { now: () => new Date("2026-03-01T00:00:00Z") };

Deno.test("close: the bot's close records its fill and the round trip's result", () => {
  const done = doneValues({ clock, market: market({}) }, opened, "SELL", {
    orderId: "42",
    status: "filled",
    filledPrice: "59600",
    filledQuantity: "0.000999",
    fee: "0.0595404",
    feeAsset: "USDT",
  }, "61000");
  assert.equal(done.status, "DONE");
  assert.equal(done.filledPrice, "59600");
  assert.equal(done.closeQuantity, "0.000999");
  assert.equal(done.closeFee, "0.0595404");
  assert.equal(done.closeFeeAsset, "USDT");
  assert.equal(done.realizedPnl, "-0.51914040");
});

Deno.test("close: a BNB fee is valued at the feed's BNB price; a hand-changed row has no result", () => {
  const result = {
    orderId: "42",
    status: "filled" as const,
    filledPrice: "61000",
    filledQuantity: "0.000999",
    fee: "0.0001",
    feeAsset: "BNB",
  };
  const deps = { clock, market: market({ bnb_usdt: "600" }) };
  // 60.939 - 60 - 0.0001 x 600
  assert.equal(doneValues(deps, opened, "SELL", result, "61000").realizedPnl, "0.87900000");
  assert.equal(
    doneValues({ clock, market: market({}) }, opened, "SELL", result, "61000").realizedPnl,
    null,
  );
  const handChanged = { ...opened, priceSource: "hand_closed" } as TransactionRow;
  assert.equal(doneValues(deps, handChanged, "SELL", result, "61000").realizedPnl, null);
  // An exchange that gave no fill price: the target is kept as the close, with no result.
  const { filledPrice: _, ...priceless } = result;
  const done = doneValues(deps, opened, "SELL", priceless, "61000");
  assert.equal(done.filledPrice, "61000");
  assert.equal(done.realizedPnl, null);
});
