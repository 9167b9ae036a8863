// POST /transaction/generate-done: a missed-call row (kind "missed_call") at the feed's price,
// recorded without an order: the call expired and the user had not traded in it. It happens at
// most once per (call, user): the call_outcomes primary key decides, inside the database
// transaction that writes the row, so a retried or raced request returns the first one. A user who
// traded during the call (decided from the rows the server recorded, server/calls/answers.ts) or
// whose order a halt or limit refused in it gets nothing, nor does one who could not have bought
// (outcome "skipped").
import { and, eq } from "drizzle-orm";
import type { SessionUser } from "../auth/sessions.ts";
import { badRequest } from "../core/errors.ts";
import { dec, floor8 } from "../core/decimal.shared.ts";
import type { Db } from "../db/client.ts";
import { callOutcomes, calls, transactions } from "../db/schema.ts";
import type { Deps } from "../deps.ts";
import { hasTradingKeys } from "../keys/schema.ts";
import { findPair } from "../exchanges/pairs.shared.ts";
import { callEffect } from "../calls/target.shared.ts";
import { answerToCall, tradesInCall } from "../calls/answers.ts";
import { botPrices, buyQuantity } from "./pricing.shared.ts";
import { type NewTransaction, reserveTransactionId } from "./record.ts";
import type { GenerateDoneInput } from "./schema.ts";
import { toTransactionView, type TransactionRow, type TransactionView } from "./view.ts";
import { msg } from "../core/messages.shared.ts";

export interface GenerateDoneResult {
  /** False when an earlier request for the same call already decided, or nothing was due. */
  created: boolean;
  /**
   * "bought" / "refused": the user traded, or a halt, limit or the exchange refused their order,
   * during the call. "skipped": the user could not have traded (nothing to buy, or no keys). No row
   * for any of them.
   */
  outcome: "done" | "bought" | "refused" | "skipped";
  /** The missed-call row (null when there is none, or it was deleted). */
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

/** How long after a call's expiry its DONE row may still be asked for (a client reconnecting). */
export const GENERATE_DONE_GRACE_MS = 5 * 60_000;

/**
 * The call must have expired, within the grace period, for a group the owner belongs to, sent by
 * someone else: a DONE row is only the record of a call the owner let pass.
 */
async function expiredCallFor(
  deps: Pick<Deps, "db">,
  owner: SessionUser,
  callId: string,
  now: Date,
) {
  const [call] = await deps.db.select().from(calls).where(eq(calls.id, callId));
  if (!call || call.group !== owner.group || call.fromUserId === owner.id) {
    throw badRequest(msg("generateDone.noCall", { callId }), "callId");
  }
  if (call.expiresAt > now) throw badRequest(msg("generateDone.notExpired"), "callId");
  if (now.getTime() - call.expiresAt.getTime() > GENERATE_DONE_GRACE_MS) {
    throw badRequest(msg("generateDone.tooLate"), "callId");
  }
  return call;
}

/**
 * `owner` is the user the transaction is for (the route checks the caller may act for them). The
 * server prices it: the feed's price now, the owner's tradingAmount and spread; the client's
 * prices and amount are not used.
 */
export async function generateDone(
  deps: Pick<Deps, "clock" | "db" | "market" | "onTransactionChanged">,
  owner: SessionUser,
  input: GenerateDoneInput,
): Promise<GenerateDoneResult> {
  const pair = findPair(input.pair);
  if (!pair) throw badRequest(msg("trading.unknownPair", { pair: input.pair }), "pair");
  const now = deps.clock.now();
  const callId = input.callId;
  const call = await expiredCallFor(deps, owner, callId, now);
  // The bot mode the call switched the owner to (docs/calls.md#targets), as the client priced it.
  const effect = callEffect(call.target, owner.pair);
  if (!effect || effect.ringOnly) return { created: false, outcome: "skipped", transaction: null };
  const useBot = effect.useBot ?? owner.useBot;
  const exchange = owner.exchange === "gate" ? "gate" : "binance";
  const marketPrice = pair.nft ? undefined : deps.market?.feed(exchange).price(pair.value);
  // No feed (a typed-price pair, an instance without prices): nothing the server can vouch for.
  if (!marketPrice) return { created: false, outcome: "skipped", transaction: null };
  const { buyPrice, sellPrice } = botPrices(useBot, marketPrice, owner.spread);
  const amount = owner.tradingAmount;
  const quantity = dec(buyPrice).gt(0) ? buyQuantity(amount, buyPrice) : floor8(0);
  const values: NewTransaction = {
    userId: owner.id,
    status: "DONE",
    pair: pair.value,
    exchange: owner.exchange,
    adapter: "none",
    useBot,
    marketPrice,
    buyPrice,
    sellPrice,
    amount,
    quantity,
    spread: owner.spread,
    tradingAmount: owner.tradingAmount,
    callId,
    kind: "missed_call",
    createdAt: now,
    updatedAt: now,
  };
  if (couldNotTrade({ ...owner, useBot }, amount, quantity)) {
    return { created: false, outcome: "skipped", transaction: null };
  }
  const view = (row: TransactionRow | null | undefined) =>
    row ? toTransactionView(row, owner.username) : null;

  // From the block every other row of this process takes its id from, so ids follow time here;
  // the table's sequence at insert would jump ahead of that block (1, 51, 2, 3, 52).
  const id = await reserveTransactionId(deps.db);
  const result = await deps.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const key = and(eq(callOutcomes.callId, callId), eq(callOutcomes.userId, owner.id));
    const outcomeNow = async () => (await db.select().from(callOutcomes).where(key))[0];
    // A repeat (or a request that lost the race to claim) answers what was decided first.
    const repeat = async (earlier: typeof callOutcomes.$inferSelect) => {
      const [row] = earlier.outcome === "done" && earlier.transactionId
        ? await db.select().from(transactions).where(eq(transactions.id, earlier.transactionId))
        : [];
      return { created: false, outcome: earlier.outcome, row };
    };
    const recorded = await outcomeNow();
    if (recorded?.outcome === "done") return await repeat(recorded);
    const trades = await tradesInCall(db, call, owner.id);
    const answer = answerToCall(effect, trades, recorded?.outcome ?? null);
    if (answer !== "missed") return { created: false, outcome: answer, row: undefined };
    const claimed = await db.insert(callOutcomes)
      .values({ callId, userId: owner.id, outcome: "done", at: now })
      .onConflictDoNothing()
      .returning({ callId: callOutcomes.callId });
    if (!claimed.length) return await repeat(await outcomeNow());
    const [row] = await db.insert(transactions).overridingSystemValue().values({ ...values, id })
      .returning();
    await db.update(callOutcomes).set({ transactionId: row.id }).where(key);
    return { created: true, outcome: "done" as const, row };
  });
  if (result.created) deps.onTransactionChanged(view(result.row)!);
  return { created: result.created, outcome: result.outcome, transaction: view(result.row) };
}
