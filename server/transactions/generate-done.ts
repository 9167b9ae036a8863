// POST /transaction/generate-done: a DONE transaction at the market price, recorded without an
// order (the call expired before the user bought). With a callId it happens at most once per
// (call, user): the call_outcomes primary key decides, inside the database transaction that writes
// the row, so a retried or raced request returns the first one; a user who bought during the call
// (outcome "bought") gets nothing, nor does one who could not have bought (outcome "skipped").
import { and, eq } from "drizzle-orm";
import type { SessionUser } from "../auth/sessions.ts";
import { badRequest } from "../core/errors.ts";
import { dec, floor8 } from "../core/decimal.ts";
import type { Db } from "../db/client.ts";
import { callOutcomes, calls, transactions } from "../db/schema.ts";
import type { Deps } from "../deps.ts";
import { hasTradingKeys } from "../keys/schema.ts";
import { findPair } from "../market/pairs.ts";
import { buyQuantity } from "./pricing.ts";
import { insertTransaction, type NewTransaction } from "./record.ts";
import type { GenerateDoneInput } from "./schema.ts";
import { toTransactionView, type TransactionRow, type TransactionView } from "./view.ts";
import { msg } from "../core/messages.ts";

export interface GenerateDoneResult {
  /** False when an earlier request for the same call already decided, or nothing was due. */
  created: boolean;
  /** "skipped": the user could not have traded (nothing to buy, or no keys): no row. */
  outcome: "done" | "bought" | "skipped";
  /** The DONE transaction (null when the user had bought or was skipped, or it was deleted). */
  transaction: TransactionView | null;
}

/**
 * A user who could not have bought during the call gets no DONE row: it would be a trade of
 * nothing that lists, profits and reports would count. That is an amount too small to buy
 * anything, or a bot mode with no keys for the exchange and no bot keys to trade instead.
 */
function couldNotTrade(owner: SessionUser, amount: string, quantity: string) {
  if (!dec(amount).gt(0) || !dec(quantity).gt(0)) return true;
  if (owner.useBot === "none" || owner.selectBots.length) return false;
  return !hasTradingKeys(owner, owner.exchange === "gate" ? "gate" : "binance");
}

/** `owner` is the user the transaction is for (the route checks the caller may act for them). */
export async function generateDone(
  deps: Deps,
  owner: SessionUser,
  input: GenerateDoneInput,
): Promise<GenerateDoneResult> {
  if (!findPair(input.pair)) {
    throw badRequest(msg("trading.unknownPair", { pair: input.pair }), "pair");
  }
  const now = deps.clock.now();
  const quantity = input.quantity ??
    (dec(input.buyPrice).gt(0) ? buyQuantity(input.amount, input.buyPrice) : floor8(0));
  const values: NewTransaction = {
    userId: owner.id,
    status: "DONE",
    pair: input.pair,
    exchange: owner.exchange,
    adapter: "none",
    useBot: owner.useBot,
    marketPrice: input.marketPrice,
    buyPrice: input.buyPrice,
    sellPrice: input.sellPrice,
    amount: input.amount,
    quantity,
    spread: owner.spread,
    tradingAmount: owner.tradingAmount,
    callId: input.callId ?? null,
    createdAt: now,
    updatedAt: now,
  };
  if (couldNotTrade(owner, input.amount, quantity)) {
    return { created: false, outcome: "skipped", transaction: null };
  }
  const view = (row: TransactionRow | null | undefined) =>
    row ? toTransactionView(row, owner.username) : null;

  if (!input.callId) {
    const row = await insertTransaction(deps.database, values);
    deps.onTransactionChanged?.(view(row)!);
    return { created: true, outcome: "done", transaction: view(row) };
  }
  const callId = input.callId;
  const [call] = await deps.db.select({ id: calls.id }).from(calls).where(eq(calls.id, callId));
  if (!call) throw badRequest(msg("calls.unknownCall", { callId }), "callId");

  const result = await deps.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const key = and(eq(callOutcomes.callId, callId), eq(callOutcomes.userId, owner.id));
    const claimed = await db.insert(callOutcomes)
      .values({ callId, userId: owner.id, outcome: "done", at: now })
      .onConflictDoNothing()
      .returning({ callId: callOutcomes.callId });
    if (claimed.length) {
      const [row] = await db.insert(transactions).values(values).returning();
      await db.update(callOutcomes).set({ transactionId: row.id }).where(key);
      return { created: true, outcome: "done" as const, row };
    }
    const [earlier] = await db.select().from(callOutcomes).where(key);
    const [row] = earlier.outcome === "done" && earlier.transactionId
      ? await db.select().from(transactions).where(eq(transactions.id, earlier.transactionId))
      : [];
    return { created: false, outcome: earlier.outcome, row };
  });
  if (result.created) deps.onTransactionChanged?.(view(result.row)!);
  return { created: result.created, outcome: result.outcome, transaction: view(result.row) };
}
