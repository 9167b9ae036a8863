// The body of POST /transaction/generate-done when a call expires without a purchase: the market
// price, buy and sell prices from the bot mode and spread, the user's trading amount.
import { dec } from "../../../server/core/decimal.shared.ts";
import { botPrices, buyQuantity } from "../../../server/transactions/pricing.shared.ts";
import type { GenerateDoneInput } from "../../../server/transactions/schema.ts";
import type { PublicUser } from "../session/store.ts";

type Doer = Pick<PublicUser, "id" | "useBot" | "spread" | "tradingAmount">;

export function donePayload(
  user: Doer,
  pair: string,
  marketPrice: string,
  callId: string,
): GenerateDoneInput {
  const { buyPrice, sellPrice } = botPrices(user.useBot, marketPrice, user.spread);
  return {
    marketPrice,
    pair,
    amount: user.tradingAmount,
    buyPrice,
    sellPrice,
    userId: user.id,
    quantity: dec(buyPrice).gt(0) ? buyQuantity(user.tradingAmount, buyPrice) : "0",
    callId,
  };
}
