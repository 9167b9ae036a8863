// How a user answered a call: bought, refused, or not at all (a missed call, for which
// generate-done writes its row). The server decides from what it recorded during the call, never
// from the client's callId: a purchase sent without one, the bot follow-up's extra rows and the
// orders on selected bot keys are trades in the call as much as the one that named it.
import { and, eq, gte, lte } from "drizzle-orm";
import type { SessionUser } from "../auth/sessions.ts";
import type { Db } from "../db/client.ts";
import type { BOT_MODES, OrderState, TransactionStatus } from "../db/enums.shared.ts";
import { type CALL_OUTCOMES, callOutcomes, type calls, transactions } from "../db/schema.ts";
import type { Deps } from "../deps.ts";
import type { CodedMessage } from "../core/messages.shared.ts";
import { refuseLine } from "./recipients.ts";
import { activeCallFor } from "./service.ts";
import type { CallEffect } from "./target.shared.ts";

type Side = "BUY" | "SELL";
type CallOutcome = (typeof CALL_OUTCOMES)[number];

/** "missed": nothing was tried on the call's side during it. */
export type CallAnswer = "bought" | "refused" | "missed";

/** A row of the user's created while the call ran. */
export interface CallTrade {
  status: TransactionStatus;
  useBot: (typeof BOT_MODES)[number];
  orderState: OrderState | null;
}

/**
 * The side a row opened on. A DONE row no longer says it, but its mode does (only_buy and buy_sell
 * open with a BUY, only_sell and sell_buy with a SELL); otherwise null: either side.
 */
export function openedSide(row: Pick<CallTrade, "status" | "useBot">): Side | null {
  if (row.status !== "DONE") return row.status;
  if (row.useBot === "only_buy" || row.useBot === "buy_sell") return "BUY";
  if (row.useBot === "only_sell" || row.useBot === "sell_buy") return "SELL";
  return null;
}

const onSide = (effect: Pick<CallEffect, "buy" | "sell">, side: Side | null) =>
  side === null || (side === "BUY" ? effect.buy : effect.sell);

/**
 * The answer from the user's rows created during the call and the outcome recorded for them (a
 * purchase naming the call: "bought", though its row may since have been deleted; an order a halt
 * or limit refused during the call: "refused", as such an order leaves no row). A row on the
 * call's side is a purchase unless the exchange refused it; an order whose fate is not known yet
 * (pending, unknown) may have filled, so it counts as bought: a missed-call row beside it could
 * be a second position.
 */
export function answerToCall(
  effect: Pick<CallEffect, "buy" | "sell">,
  trades: readonly CallTrade[],
  recorded: CallOutcome | null,
): CallAnswer {
  const tried = trades.filter((row) => onSide(effect, openedSide(row)));
  if (recorded === "bought" || tried.some((row) => row.orderState !== "refused")) return "bought";
  return recorded === "refused" || tried.length ? "refused" : "missed";
}

/** The user's trades (not missed-call rows) created from the call's start to its expiry. */
export function tradesInCall(
  db: Db,
  call: Pick<typeof calls.$inferSelect, "createdAt" | "expiresAt">,
  userId: number,
): Promise<CallTrade[]> {
  const t = transactions;
  return db.select({ status: t.status, useBot: t.useBot, orderState: t.orderState }).from(t)
    .where(and(
      eq(t.userId, userId),
      eq(t.kind, "trade"),
      gte(t.createdAt, call.createdAt),
      lte(t.createdAt, call.expiresAt),
    ));
}

/**
 * Records that a halt or limit refused the user's order on `side` during the call governing them
 * (no row is written for such an order), so its expiry makes no missed-call row, and puts `why` on
 * their board line. An outcome already recorded (a purchase) stays.
 */
export async function recordCallRefusal(
  deps: Pick<Deps, "clock" | "db" | "onCallLinesChanged">,
  user: SessionUser,
  side: Side,
  why: Pick<CodedMessage, "code" | "params">,
) {
  const active = await activeCallFor(deps, user);
  if (!active || !onSide(active.effect, side)) return;
  await deps.db.insert(callOutcomes)
    .values({ callId: active.call.id, userId: user.id, outcome: "refused", at: deps.clock.now() })
    .onConflictDoNothing();
  await refuseLine(deps, active.call.id, user.id, why);
}
