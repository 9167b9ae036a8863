// What the API tells about a transaction. Money stays a decimal string; no secret is in a row.
import type { transactions } from "../db/schema.ts";

export type TransactionRow = typeof transactions.$inferSelect;

export function toTransactionView(t: TransactionRow, username: string) {
  return {
    id: t.id,
    userId: t.userId,
    username,
    status: t.status,
    pair: t.pair,
    exchange: t.exchange,
    adapter: t.adapter,
    useBot: t.useBot,
    marketPrice: t.marketPrice,
    buyPrice: t.buyPrice,
    sellPrice: t.sellPrice,
    amount: t.amount,
    quantity: t.quantity,
    spread: t.spread,
    assetId: t.assetId,
    callId: t.callId,
    /** The bot key whose account placed it (multi-account trading); null for the user's own. */
    botKeyId: t.botKeyId,
    orderId: t.orderId,
    closeOrderId: t.closeOrderId,
    filledPrice: t.filledPrice,
    filledAt: t.filledAt?.toISOString() ?? null,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}

export type TransactionView = ReturnType<typeof toTransactionView>;

/** A failed bot order, sent to its owner as BUY_ERROR or SELL_ERROR. */
export interface TradeError {
  action: "BUY" | "SELL";
  transactionId: number;
  message: string;
}
