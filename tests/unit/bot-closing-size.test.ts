import assert from "node:assert/strict";
import { closingSize } from "../../server/transactions/close-order.ts";
import type { TransactionRow } from "../../server/transactions/view.ts";

const row = (values: Partial<TransactionRow>) =>
  ({
    pair: "btc_usdt",
    quantity: "0.00166666",
    filledQuantity: null,
    avgPrice: null,
    fee: null,
    feeAsset: null,
    ...values,
  }) as TransactionRow;

Deno.test("closingSize: a BUY's close sells what arrived, its fee in the bought asset taken off", () => {
  const bought = row({
    filledQuantity: "0.00166000",
    avgPrice: "60000.00000000",
    fee: "0.00000166",
    feeAsset: "BTC",
  });
  assert.deepEqual(closingSize(bought, "SELL"), { quantity: "0.00165834" });
  // A fee paid in another asset (BNB) leaves the whole fill to sell.
  assert.deepEqual(closingSize({ ...bought, feeAsset: "BNB" }, "SELL"), { quantity: "0.00166" });
});

Deno.test("closingSize: a SELL's close buys back with what the SELL brought in, less a quote fee", () => {
  const sold = row({
    filledQuantity: "0.01000000",
    avgPrice: "60000.00000000",
    fee: "0.60000000",
    feeAsset: "USDT",
  });
  assert.deepEqual(closingSize(sold, "BUY"), { quantity: "0.01000000", quoteAmount: "599.4" });
});

Deno.test("closingSize: a row recorded without a fill keeps its quantity", () => {
  assert.deepEqual(closingSize(row({}), "SELL"), { quantity: "0.00166666" });
  assert.deepEqual(closingSize(row({}), "BUY"), { quantity: "0.00166666" });
});
