import assert from "node:assert/strict";
import { tradeButtons } from "../../web/src/calls/buttons.ts";
import { clickDebounce } from "../../web/src/trading/buttons.ts";
import { missingKeys, orderPayload, type Trader } from "../../web/src/trading/order.ts";
import {
  cleanTypedPrice,
  formatDollars,
  isTypedPrice,
  needsTypedPrice,
  pairOnExchange,
  tradingExchange,
} from "../../web/src/market/pairs.ts";

const off = { activeBuy: false, activeSell: false, creating: false };

Deno.test("tradeButtons: Lead and above trade at any time, never during a create", () => {
  for (const role of ["SuperAdmin", "Admin", "Lead"] as const) {
    assert.deepEqual(tradeButtons({ role, useBot: "none", ...off }), { buy: true, sell: true });
    assert.deepEqual(
      tradeButtons({ role, useBot: "buy_sell", ...off, creating: true }),
      { buy: false, sell: false },
    );
  }
});

Deno.test("tradeButtons: a User's BUY needs an active call and a buying mode, SELL a selling one", () => {
  const user = (useBot: Parameters<typeof tradeButtons>[0]["useBot"], a: Partial<typeof off>) =>
    tradeButtons({ role: "User", useBot, ...off, ...a });
  assert.deepEqual(user("buy_sell", {}), { buy: false, sell: false });
  assert.deepEqual(user("buy_sell", { activeBuy: true, activeSell: true }), {
    buy: true,
    sell: false,
  });
  assert.deepEqual(user("only_buy", { activeBuy: true }), { buy: true, sell: false });
  assert.deepEqual(user("sell_buy", { activeBuy: true, activeSell: true }), {
    buy: false,
    sell: true,
  });
  assert.deepEqual(user("only_sell", { activeSell: true }), { buy: false, sell: true });
  assert.deepEqual(user("none", { activeBuy: true, activeSell: true }), {
    buy: false,
    sell: false,
  });
  assert.deepEqual(user("only_buy_sell", { activeBuy: true, activeSell: true }), {
    buy: false,
    sell: false,
  });
  assert.deepEqual(user("buy_sell", { activeBuy: true, creating: true }), {
    buy: false,
    sell: false,
  });
});

Deno.test("clickDebounce: acts on the first click, ignores clicks within 1 s of the previous one", () => {
  let now = 10_000;
  const accept = clickDebounce(1000, () => now);
  assert.equal(accept(), true);
  now += 400;
  assert.equal(accept(), false);
  // The ignored click restarted the wait: 700 ms after it is still too soon.
  now += 700;
  assert.equal(accept(), false);
  now += 1000;
  assert.equal(accept(), true);
});

Deno.test("pairOnExchange: leaving Gate on a Gate-only pair switches to btc_usdt", () => {
  for (const pair of ["mepad_usdt", "naft_usdt", "undead_usdt"]) {
    assert.equal(pairOnExchange(pair, "gate"), pair);
    assert.equal(pairOnExchange(pair, "binance"), "btc_usdt");
  }
  assert.equal(pairOnExchange("eth_usdt", "binance"), "eth_usdt");
  assert.equal(pairOnExchange("eth_usdt", "gate"), "eth_usdt");
  // Gate does not price the Binance stablecoin pairs either.
  assert.equal(pairOnExchange("btc_fdusd", "gate"), "btc_usdt");
  // NFT pairs are offered on both.
  assert.equal(pairOnExchange("ub_nft", "binance"), "ub_nft");
  assert.equal(pairOnExchange(undefined, "binance"), "btc_usdt");
  assert.equal(pairOnExchange("nope", "binance"), "btc_usdt");
});

Deno.test("tradingExchange: only Gate and Binance are offered; anything else is Binance", () => {
  assert.equal(tradingExchange("gate"), "gate");
  assert.equal(tradingExchange("binance"), "binance");
  assert.equal(tradingExchange("houbi"), "binance");
  assert.equal(tradingExchange("none"), "binance");
  assert.equal(tradingExchange(null), "binance");
});

Deno.test("typed price: NFT pairs only; numeric, one point, at most 25 characters", () => {
  assert.equal(needsTypedPrice("ub_nft"), true);
  assert.equal(needsTypedPrice("ma_nft"), true);
  assert.equal(needsTypedPrice("btc_usdt"), false);
  assert.equal(needsTypedPrice(""), false);
  assert.equal(cleanTypedPrice("$1,234.5.6abc"), "1234.56");
  assert.equal(cleanTypedPrice("9".repeat(40)).length, 25);
  assert.equal(isTypedPrice("12.5"), true);
  assert.equal(isTypedPrice(".5"), true);
  assert.equal(isTypedPrice("0"), false);
  assert.equal(isTypedPrice(""), false);
  assert.equal(isTypedPrice("."), false);
});

Deno.test("formatDollars: a dollar amount with the pair's tick decimals", () => {
  assert.equal(formatDollars("67250", "btc_usdt"), "$67,250.00");
  assert.equal(formatDollars("0.0004567", "naft_usdt"), "$0.0004567");
});

const trader: Trader = {
  id: 7,
  useBot: "buy_sell",
  spread: "1.5",
  tradingAmount: "100",
  coinFunds: "0.5",
  coinTradingAmount: "0.01",
  isAutoSpread: false,
  isFull: false,
  isRandom: true,
  fraction: "0",
};

Deno.test("orderPayload: a buy_sell BUY sends the trading amount, the spread sell price and the quantity", () => {
  const body = orderPayload({
    user: trader,
    side: "BUY",
    pair: "btc_usdt",
    exchange: "binance",
    marketPrice: "60000.00",
  });
  assert.deepEqual(body, {
    marketPrice: "60000.00",
    pair: "btc_usdt",
    amount: "100",
    buyPrice: "60000.00000000",
    sellPrice: "60900.00000000",
    userId: 7,
    quantity: "0.00166666",
    useBot: "buy_sell",
    spread: "1.5",
    tradingAmount: "100",
    isAutoSpread: false,
    status: "BUY",
    exchange: "binance",
    isFull: false,
    isRandom: true,
    fraction: "0",
  });
});

Deno.test("orderPayload: SELL quantities follow the mode; NFT pairs carry the asset id", () => {
  const sell = orderPayload({
    user: { ...trader, useBot: "sell_buy" },
    side: "SELL",
    pair: "btc_usdt",
    exchange: "gate",
    marketPrice: "60000",
  });
  assert.equal(sell.quantity, "0.01000000");
  assert.equal(sell.buyPrice, "59100.00000000");
  assert.equal(sell.sellPrice, "60000.00000000");
  const onlySell = orderPayload({
    user: { ...trader, useBot: "only_sell" },
    side: "SELL",
    pair: "btc_usdt",
    exchange: "binance",
    marketPrice: "60000",
  });
  assert.equal(onlySell.quantity, "0.47500000");
  const nft = orderPayload({
    user: { ...trader, useBot: "none" },
    side: "BUY",
    pair: "ub_nft",
    exchange: "binance",
    marketPrice: "12.5",
    assetId: " 42 ",
  });
  assert.equal(nft.assetId, "42");
  assert.equal(nft.marketPrice, "12.5");
  const live = orderPayload({
    user: trader,
    side: "BUY",
    pair: "btc_usdt",
    exchange: "binance",
    marketPrice: "1",
    assetId: "x",
  });
  assert.equal("assetId" in live, false);
});

Deno.test("missingKeys: bot modes on priced pairs need the exchange's stored key and secret", () => {
  const masked = {
    binanceKey: "********",
    binanceSecret: "********",
    gateKeyV4: "********",
    gateSecretV4: "",
    houbiKey: "",
    houbiSecret: "",
    selectBots: [] as number[],
  };
  assert.equal(missingKeys({ ...masked, useBot: "buy_sell" }, "binance", "btc_usdt"), false);
  assert.equal(missingKeys({ ...masked, useBot: "buy_sell" }, "gate", "btc_usdt"), true);
  assert.equal(missingKeys({ ...masked, useBot: "none" }, "gate", "btc_usdt"), false);
  assert.equal(missingKeys({ ...masked, useBot: "only_buy" }, "gate", "ub_nft"), false);
  // Selected bot keys trade instead of the user's own keys: the server decides.
  assert.equal(
    missingKeys({ ...masked, useBot: "buy_sell", selectBots: [3] }, "gate", "btc_usdt"),
    false,
  );
});
