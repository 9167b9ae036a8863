// The list's "if closed now" at pushed prices: the server's rule (pnl.shared.ts) on the row's fill,
// the server's own figure where the client has no price for it.
import assert from "node:assert/strict";
import { liveUnrealized } from "../../web/src/transactions/live-unrealized.ts";
import type { TransactionView } from "../../server/transactions/view.ts";

const row = (fields: Partial<TransactionView>) =>
  ({
    status: "BUY",
    pair: "btc_usdt",
    exchange: "binance",
    kind: "trade",
    priceSource: "server",
    orderState: null,
    filledQuantity: "0.00142857",
    avgPrice: "70000.00000000",
    fee: "0.00000142",
    feeAsset: "BTC",
    unrealizedPnl: "-0.09940000",
    ...fields,
  }) as TransactionView;

Deno.test("live unrealized: an open BUY at the pushed price, its base fee not sold", () => {
  // (0.00142857 - 0.00000142) x 70700 - 0.00142857 x 70000 = 100.899505 - 99.9999
  assert.equal(liveUnrealized(row({}), "binance", { btc_usdt: "70700" }), "0.89960500");
});

Deno.test("live unrealized: a SELL gains as the price falls; a BNB fee is valued at its price", () => {
  const sell = row({ status: "SELL", fee: "0.001", feeAsset: "BNB" });
  // 0.00142857 x 70000 - 0.00142857 x 69000 - 0.001 x 600
  assert.equal(
    liveUnrealized(sell, "binance", { btc_usdt: "69000", bnb_usdt: "600" }),
    "0.82857000",
  );
  // Without BNB's price the server's figure stays.
  assert.equal(liveUnrealized(sell, "binance", { btc_usdt: "69000" }), "-0.09940000");
});

Deno.test("live unrealized: another exchange, no price yet, or a closed row keep the server's", () => {
  assert.equal(liveUnrealized(row({}), "gate", { btc_usdt: "70700" }), "-0.09940000");
  assert.equal(liveUnrealized(row({}), "binance", {}), "-0.09940000");
  const done = row({ status: "DONE", unrealizedPnl: null });
  assert.equal(liveUnrealized(done, "binance", { btc_usdt: "70700" }), null);
  const pending = row({ orderState: "pending", unrealizedPnl: null });
  assert.equal(liveUnrealized(pending, "binance", { btc_usdt: "70700" }), null);
});
