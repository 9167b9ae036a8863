// Why BUY or SELL cannot pass right now, kept in a store of its own: its inputs (prices and their
// staleness, halts, the call, the profile) change far more often than the answer, and the buttons
// read only the answer, so they render when it changes and not with each price or reload.
import { proxy, subscribe } from "valtio";
import { calls } from "../calls/store.ts";
import { market } from "../market/store.ts";
import { needsTypedPrice } from "../market/pairs.ts";
import { session } from "../session/store.ts";
import { halts } from "../trading-halts/store.ts";
import { type Block, sameBlock, tradeBlocks } from "./live.ts";

export const tradeBlock = proxy<{ buy: Block | null; sell: Block | null }>({
  buy: null,
  sell: null,
});

function update() {
  const user = session.user;
  const next = user
    ? tradeBlocks({
      role: user.role,
      userId: user.id,
      useBot: user.useBot,
      tradingAmount: user.tradingAmount,
      coinFunds: user.coinFunds,
      coinTradingAmount: user.coinTradingAmount,
      activeBuy: calls.activeBuy,
      activeSell: calls.activeSell,
      exchange: market.exchange,
      halts: halts.active,
      stale: !needsTypedPrice(market.pair) && market.stale[market.pair] !== undefined,
    })
    : { buy: null, sell: null };
  if (!sameBlock(tradeBlock.buy, next.buy)) tradeBlock.buy = next.buy;
  if (!sameBlock(tradeBlock.sell, next.sell)) tradeBlock.sell = next.sell;
}

update();
for (const store of [calls, market, session, halts]) subscribe(store, update);
