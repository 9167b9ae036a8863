// POST /transaction/generate-done: a DONE transaction at the market price, recorded without an
// order (the call expired before the user bought). With a callId it happens at most once per
// (call, user): the call_outcomes primary key decides, inside the database transaction that writes
// the row, so a retried or raced request returns the first one; a user who bought during the call
// (outcome "bought") gets nothing.
import { and, eq } from "drizzle-orm";
import type { SessionUser } from "../auth/sessions.ts";
import { badRequest } from "../core/errors.ts";
import { dec, floor8 } from "../core/decimal.ts";
import type { Db } from "../db/client.ts";
import { callOutcomes, calls, transactions } from "../db/schema.ts";
import type { Deps } from "../deps.ts";
import { findPair } from "../market/pairs.ts";
import { buyQuantity } from "./pricing.ts";
import { insertTransaction, type NewTransaction } from "./record.ts";
import type { GenerateDoneInput } from "./schema.ts";
import { toTransactionView, type TransactionRow, type TransactionView } from "./view.ts";
import { msg } from "../core/messages.ts";

export interface GenerateDoneResult {
  /** False when an earlier request for the same call already decided. */
  created: boolean;
  outcome: "done" | "bought";
  /** The DONE transaction (null when the user had bought, or it was deleted since). */
  transaction: TransactionView | null;
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
