// The ledger's arithmetic: fills as balance changes (fees in their own asset, a close reversing its
// opening side), and the fees-and-dust rule that tells a drift from rounding.
import assert from "node:assert/strict";
import { dec } from "../../server/core/decimal.shared.ts";
import { storedMarkets } from "../../server/exchanges/markets/markets.ts";
import { applyFills, type Fill, openingSide } from "../../server/reconciliation/ledger.ts";
import { driftBeyond, tolerances } from "../../server/reconciliation/tolerance.ts";

const fill = (f: Partial<Fill>): Fill => ({
  id: 1,
  leg: "open",
  pair: "btc_usdt",
  side: "BUY",
  quantity: "0.01",
  price: "60000",
  fee: null,
  feeAsset: null,
  ...f,
});

const plain = (m: Map<string, { toFixed(): string }>) =>
  Object.fromEntries([...m].map(([k, v]) => [k, v.toFixed()]));

Deno.test("ledger: a BUY adds base and spends quote, its fee leaves in its asset; a SELL reverses", () => {
  const held = applyFills({ USDT: "1000", BTC: "0.5" }, [
    fill({ fee: "0.00001", feeAsset: "BTC" }),
    fill({
      id: 2,
      side: "SELL",
      quantity: "0.005",
      price: "61000",
      fee: "0.305",
      feeAsset: "USDT",
    }),
    fill({ id: 3, fee: "0.0012", feeAsset: "BNB" }),
  ]);
  assert.deepEqual(plain(held), {
    USDT: "104.695", // 1000 − 600 + 305 − 0.305 − 600
    BTC: "0.51499",
    BNB: "-0.0012",
  });
});

Deno.test("ledger: an NFT's typed price moves nothing; an unknown pair is skipped", () => {
  const held = applyFills({ USDT: "10" }, [
    fill({ pair: "ub_nft", quantity: "1", price: "5" }),
    fill({ pair: "xyz_abc" }),
  ]);
  assert.deepEqual(plain(held), { USDT: "10" });
});

Deno.test("ledger: a DONE row opened with a SELL only in only_sell and sell_buy", () => {
  assert.equal(openingSide({ status: "BUY", useBot: "buy_sell" }), "BUY");
  assert.equal(openingSide({ status: "SELL", useBot: "none" }), "SELL");
  assert.equal(openingSide({ status: "DONE", useBot: "buy_sell" }), "BUY");
  assert.equal(openingSide({ status: "DONE", useBot: "only_buy" }), "BUY");
  assert.equal(openingSide({ status: "DONE", useBot: "sell_buy" }), "SELL");
  assert.equal(openingSide({ status: "DONE", useBot: "only_sell" }), "SELL");
});

Deno.test("tolerance: one base step of the asset's pairs, 0.01 of a quote, nothing for others", async () => {
  const tolerance = await tolerances(storedMarkets(), ["binance"]);
  assert.equal(tolerance.get("BTC")!.toFixed(), "0.00001");
  assert.equal(tolerance.get("USDT")!.toFixed(), "0.01");
  assert.equal(tolerance.get("DOGE"), undefined);
  const actual = new Map([
    ["BTC", dec("1.00001")],
    ["USDT", dec("99.99")],
    ["ETH", dec("2.0002")],
    ["DOGE", dec("0.00000001")],
  ]);
  const expected = new Map([["BTC", dec("1")], ["USDT", dec("100")], ["ETH", dec("2")]]);
  // Within one step and one cent: dust. Beyond, or an asset no pair trades: a drift.
  assert.deepEqual(driftBeyond(actual, expected, tolerance), {
    ETH: "0.0002",
    DOGE: "0.00000001",
  });
  assert.deepEqual(
    driftBeyond(new Map([["USDT", dec("100.011")]]), expected, tolerance),
    { BTC: "-1", USDT: "0.011", ETH: "-2" },
  );
});
