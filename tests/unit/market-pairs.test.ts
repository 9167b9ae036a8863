import assert from "node:assert/strict";
import {
  exchangeSymbol,
  feedPairs,
  findPair,
  isListedOn,
  isNftName,
  pairFromSymbol,
  pairOptions,
  PAIRS,
  priceDecimals,
} from "../../server/exchanges/pairs.shared.ts";

const SPEC_CODES = [
  "btc_usdt",
  "eth_usdt",
  "bnb_usdt",
  "btc_usd",
  "eth_usd",
  "btc_fdusd",
  "btc_busd",
  "btc_tusd",
  "eth_busd",
  "undead_usdt",
  "naft_usdt",
  "mepad_usdt",
];

Deno.test("PAIRS holds the spec's twelve quote codes then the two NFT pairs", () => {
  assert.deepEqual(PAIRS.map((p) => p.value), [...SPEC_CODES, "ub_nft", "ma_nft"]);
});

Deno.test("feedPairs() gives Binance nine pairs and Gate the eight of its ticker stream", () => {
  assert.deepEqual(feedPairs("binance"), SPEC_CODES.slice(0, 9));
  assert.deepEqual(
    feedPairs("gate").map((p) => exchangeSymbol("gate", p)),
    [
      "BTC_USDT",
      "ETH_USDT",
      "BNB_USDT",
      "BTC_USD",
      "ETH_USD",
      "UNDEAD_USDT",
      "NAFT_USDT",
      "MEPAD_USDT",
    ],
  );
});

Deno.test("pairOptions() hides MEPAD, NAFT and UNDEAD everywhere but Gate, NFT pairs on both", () => {
  for (const exchange of ["binance", "houbi", "none"]) {
    const values = pairOptions(exchange).map((o) => o.value);
    for (const gateOnly of ["undead_usdt", "naft_usdt", "mepad_usdt"]) {
      assert.equal(values.includes(gateOnly), false, `${gateOnly} on ${exchange}`);
    }
    assert.ok(values.includes("ub_nft") && values.includes("ma_nft"));
  }
  const gate = pairOptions("gate");
  assert.ok(gate.some((o) => o.value === "mepad_usdt" && o.label === "MEPAD/USDT"));
  assert.deepEqual(gate.at(-2), { label: "UB_NFT", value: "ub_nft" });
  assert.deepEqual(gate.at(-1), { label: "MA_NFT", value: "ma_nft" });
  assert.deepEqual(pairOptions("binance")[0], { label: "BTC/USDT", value: "btc_usdt" });
  assert.equal(isListedOn("gate", "btc_fdusd"), false);
  assert.equal(isListedOn("binance", "btc_fdusd"), true);
});

Deno.test("exchangeSymbol() and pairFromSymbol() map both spellings both ways", () => {
  assert.equal(exchangeSymbol("binance", "btc_fdusd"), "BTCFDUSD");
  assert.equal(exchangeSymbol("gate", "undead_usdt"), "UNDEAD_USDT");
  assert.equal(exchangeSymbol("binance", "undead_usdt"), undefined);
  assert.equal(exchangeSymbol("gate", "ub_nft"), undefined);
  assert.equal(pairFromSymbol("binance", "ETHBUSD"), "eth_busd");
  assert.equal(pairFromSymbol("binance", "ethbusd"), "eth_busd");
  assert.equal(pairFromSymbol("gate", "NAFT_USDT"), "naft_usdt");
  assert.equal(pairFromSymbol("gate", "BTCUSDT"), undefined);
});

Deno.test("findPair() gives base, quote and tick; priceDecimals() follows the tick", () => {
  const btc = findPair("btc_tusd")!;
  assert.equal(btc.base, "BTC");
  assert.equal(btc.quote, "TUSD");
  assert.equal(btc.tickSize, "0.01");
  assert.equal(priceDecimals("btc_usdt"), 2);
  assert.equal(priceDecimals("naft_usdt"), 7);
  assert.equal(findPair("ma_nft")!.nft, true);
  assert.equal(findPair("doge_usdt"), undefined);
});

Deno.test("isNftName() is true for names ending in _NFT in any case, false when empty or missing", () => {
  assert.equal(isNftName("UB_NFT"), true);
  assert.equal(isNftName("ma_nft"), true);
  assert.equal(isNftName("Some_Nft"), true);
  assert.equal(isNftName("btc_usdt"), false);
  assert.equal(isNftName("NFT"), false);
  assert.equal(isNftName(""), false);
  assert.equal(isNftName(undefined), false);
  assert.equal(isNftName(null), false);
});
