// The create payload (docs/trading.md#the-create-payload) from the user's trading settings, and the
// missing-keys check (docs/trading.md#missing-keys). Pure: tested under Deno.
import type { z } from "zod";
import { dec } from "../../../server/core/decimal.shared.ts";
import {
  hasTradingKeys,
  type KeyedExchange,
  TRADING_KEY_FIELDS,
} from "../../../server/keys/schema.ts";
import {
  botPrices,
  buyQuantity,
  positionMode,
  sellQuantity,
  type Side,
} from "../../../server/transactions/pricing.shared.ts";
import type { createTransactionSchema } from "../../../server/transactions/schema.ts";
import type { PublicUser } from "../session/store.ts";
import { needsTypedPrice } from "../market/pairs.ts";

export type Trader = Pick<
  PublicUser,
  | "id"
  | "useBot"
  | "spread"
  | "tradingAmount"
  | "coinFunds"
  | "coinTradingAmount"
  | "isAutoSpread"
  | "isFull"
  | "isRandom"
  | "fraction"
>;

export interface OrderInput {
  user: Trader;
  side: Side;
  pair: string;
  exchange: KeyedExchange;
  /** The live price, or the typed one for NFT pairs. */
  marketPrice: string;
  assetId?: string;
}

/** The JSON body of POST /transaction. */
export type OrderPayload = z.input<typeof createTransactionSchema>;

/**
 * amount is the user's tradingAmount; buy and sell prices follow the mode of the position the side
 * opens and the spread (pricing.positionMode, pricing.botPrices); quantity as the server will
 * compute it (it recomputes regardless).
 */
export function orderPayload(input: OrderInput): OrderPayload {
  const { user, side } = input;
  // A Lead's SELL in buy_sell opens a sell_buy position (and the reverse): its target follows.
  const mode = positionMode(user.useBot, side);
  const { buyPrice, sellPrice } = botPrices(mode, input.marketPrice, user.spread);
  const quantity = side === "BUY"
    ? dec(buyPrice).gt(0) ? buyQuantity(user.tradingAmount, buyPrice) : "0"
    : sellQuantity(user.useBot, user.coinFunds, user.coinTradingAmount);
  return {
    marketPrice: input.marketPrice,
    pair: input.pair,
    amount: user.tradingAmount,
    buyPrice,
    sellPrice,
    userId: user.id,
    quantity,
    useBot: user.useBot,
    spread: user.spread,
    tradingAmount: user.tradingAmount,
    isAutoSpread: user.isAutoSpread,
    status: side,
    exchange: input.exchange,
    isFull: user.isFull,
    isRandom: user.isRandom,
    fraction: user.fraction,
    ...(needsTypedPrice(input.pair) ? { assetId: input.assetId?.trim() } : {}),
  };
}

/**
 * A bot-mode order on a priced pair is signed with the user's stored key and secret for the
 * exchange; the session user carries masks of stored ones ("" when none). With bot keys selected
 * the bots trade instead, and only the server knows which of them serve this exchange: it answers
 * the same missing-keys message when none does.
 */
export function missingKeys(
  user: Pick<
    PublicUser,
    "useBot" | "selectBots" | (typeof TRADING_KEY_FIELDS)[KeyedExchange][number]
  >,
  exchange: KeyedExchange,
  pair: string,
): boolean {
  if (user.useBot === "none" || needsTypedPrice(pair) || user.selectBots.length) return false;
  return !hasTradingKeys(user, exchange);
}
