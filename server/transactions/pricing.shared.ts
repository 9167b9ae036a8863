// The price and quantity rules (docs/trading.md#quantities-and-prices). Pure: the client imports
// this module to compute the prices it sends, the server to check and store them.
//
// Spread is a percentage: a buy_sell transaction bought at 100 with spread 1.5 sells at 101.5.
import { dec, Decimal, type DecimalInput, floor8 } from "../core/decimal.shared.ts";
import type { BOT_MODES } from "../db/enums.shared.ts";

export type BotMode = (typeof BOT_MODES)[number];
export type Side = "BUY" | "SELL";

/** Quantity bought: amount / buyPrice, floored to 8 decimals. */
export const buyQuantity = (amount: DecimalInput, buyPrice: DecimalInput) =>
  floor8(dec(amount).div(buyPrice));

/** Quantity sold: 95% of coinFunds in only_sell mode, else coinTradingAmount; floored to 8. */
export const sellQuantity = (
  useBot: BotMode,
  coinFunds: DecimalInput,
  coinTradingAmount: DecimalInput,
) => floor8(useBot === "only_sell" ? dec(coinFunds).mul("0.95") : coinTradingAmount);

/** DONE at once for only_buy and only_sell; otherwise open on the side that was pressed. */
export const initialStatus = (useBot: BotMode, side: Side) =>
  useBot === "only_buy" || useBot === "only_sell" ? "DONE" as const : side;

/**
 * The mode a position opened by pressing `side` is recorded in, so that the bot closes it. Lead and
 * above may press either side: a SELL pressed in buy_sell opens a sell_buy position (bought back
 * spread% lower), a BUY pressed in sell_buy a buy_sell one (sold spread% higher). Otherwise the
 * user's mode (docs/trading.md#the-other-side-in-a-two-way-mode).
 */
export function positionMode(useBot: BotMode, side: Side): BotMode {
  if (useBot === "buy_sell" && side === "SELL") return "sell_buy";
  if (useBot === "sell_buy" && side === "BUY") return "buy_sell";
  return useBot;
}

/**
 * The price a position is closed at, when its mode keeps one: the sell target of a BUY that waits to
 * sell (buy_sell, only_buy_sell), the buy-back target of a sell_buy SELL. The other modes use no
 * target: their other side's price is the price traded at.
 */
export function targetField(mode: BotMode, side: Side): "sellPrice" | "buyPrice" | undefined {
  if (side === "BUY" && (mode === "buy_sell" || mode === "only_buy_sell")) return "sellPrice";
  if (side === "SELL" && mode === "sell_buy") return "buyPrice";
  return undefined;
}

/** The bot closes this position by itself (docs/trading.md#the-bot-worker). */
export const botCloses = (mode: BotMode, side: Side) =>
  (mode === "buy_sell" && side === "BUY") || (mode === "sell_buy" && side === "SELL");

/** Sell price spread% above the buy price, floored to 8 decimals. */
export const spreadSellPrice = (buyPrice: DecimalInput, spread: DecimalInput) =>
  floor8(dec(buyPrice).mul(dec(100).add(spread)).div(100));

/** Buy-back price spread% below the sell price (sell_buy), floored to 8 decimals. */
export const spreadBuyPrice = (sellPrice: DecimalInput, spread: DecimalInput) =>
  floor8(Decimal.max(0, dec(sellPrice).mul(dec(100).sub(spread)).div(100)));

/**
 * The buy and sell prices a click at `marketPrice` sends: buy_sell sells spread% above, sell_buy
 * buys back spread% below; the other modes (none, only buy, only sell) trade at the market price.
 */
export function botPrices(useBot: BotMode, marketPrice: DecimalInput, spread: DecimalInput) {
  const market = floor8(marketPrice);
  if (useBot === "buy_sell" || useBot === "only_buy_sell") {
    return { buyPrice: market, sellPrice: spreadSellPrice(market, spread) };
  }
  if (useBot === "sell_buy") return { buyPrice: spreadBuyPrice(market, spread), sellPrice: market };
  return { buyPrice: market, sellPrice: market };
}

/** Variation of the bot's extra transactions: 5 to 20 percent, up or down. */
export const VARIATION = { min: 0.05, max: 0.2 } as const;

/** `value` moved by a random 5-20% up or down, floored to 8 decimals; `random` draws in [0, 1). */
export function varyAmount(value: DecimalInput, random: () => number) {
  const share = VARIATION.min + (VARIATION.max - VARIATION.min) * random();
  const sign = random() < 0.5 ? -1 : 1;
  // The share is rounded to 4 places so a float never reaches the money math.
  const factor = dec(1).add(dec(share.toFixed(4)).mul(sign));
  return floor8(dec(value).mul(factor));
}

/** True when the client's price is more than `tolerance` (a fraction) away from the feed's. */
export function isFluctuating(
  clientPrice: DecimalInput,
  feedPrice: DecimalInput,
  tolerance: number,
) {
  const feed = dec(feedPrice);
  if (feed.lte(0)) return true;
  // |client - feed| / feed > tolerance, without the division.
  return dec(clientPrice).sub(feed).abs().gt(feed.mul(tolerance));
}
