// The call board's lines move as it happens (docs/calls.md#call-board-and-history): the notice
// being shown (POST /calls/:id/seen), the push reaching a device, an order on the call's side
// (traded), the exchange refusing it (refused: a halt's or limit's refusal is written by
// server/calls/recipients.ts), and the missed-call row (missed). Each change is told to the caller
// and Admins on every instance as a `call-board` message with the line and the board's totals. A
// line only moves forward: a trade wins over a refusal (server/calls/answers.ts), nothing moves a
// traded or missed line.
import { and, eq, gte, inArray, isNull, lte, sql } from "drizzle-orm";
import { PERMISSIONS } from "../auth/roles.shared.ts";
import { logError } from "../core/log-error.ts";
import { callRecipients, calls } from "../db/schema.ts";
import type { RecipientState } from "../db/enums.shared.ts";
import type { Deps } from "../deps.ts";
import { openedSide } from "../calls/answers.ts";
import type { CallReason } from "../calls/board.shared.ts";
import { UNDECIDED } from "../calls/recipients.ts";
import { callEffect } from "../calls/target.shared.ts";
import { livePrices } from "../transactions/pnl.ts";
import type { TransactionView } from "../transactions/view.ts";
import { readBoard } from "./board.ts";

type CallRow = typeof calls.$inferSelect;
type BoardDeps = Pick<Deps, "db" | "market" | "realtime">;

/** Sends the recipients' lines (as they are now) to the caller and Admins. */
export async function publishLines(deps: BoardDeps, callId: string, userIds: number[]) {
  const hub = deps.realtime?.hub;
  if (!hub || !userIds.length) return;
  const board = await readBoard(deps.db, callId, livePrices(deps.market));
  if (!board) return;
  const to = { users: [board.call.fromUserId], roles: [...PERMISSIONS["calls.viewAll"]] };
  for (const recipient of board.recipients) {
    if (!userIds.includes(recipient.userId)) continue;
    await hub.publish(to, { type: "call-board", callId, recipient, totals: board.totals });
  }
}

/** Applies `change` to the lines named and tells the board of those that changed; how many did. */
async function move(
  deps: BoardDeps,
  callId: string,
  userIds: number[],
  change: Partial<typeof callRecipients.$inferInsert>,
  onlyFrom?: RecipientState[],
) {
  if (!userIds.length) return 0;
  const cr = callRecipients;
  const moved = await deps.db.update(cr).set(change).where(and(
    eq(cr.callId, callId),
    inArray(cr.userId, userIds),
    onlyFrom ? inArray(cr.state, onlyFrom) : undefined,
  )).returning({ userId: cr.userId });
  await publishLines(deps, callId, moved.map((m) => m.userId));
  return moved.length;
}

/** The push service took the call for these users' devices (a shown page stays "page"). */
export const markPushed = (deps: BoardDeps, callId: string, userIds: number[]) =>
  move(deps, callId, userIds, { delivery: "push" }, undefined).catch((err) =>
    logError(`call ${callId}: push delivery`, err)
  );

/** The recipient's notice was shown; the first time counts. */
export async function markSeen(
  deps: BoardDeps & Pick<Deps, "clock">,
  callId: string,
  userId: number,
) {
  const cr = callRecipients;
  const moved = await deps.db.update(cr).set({
    seenAt: deps.clock.now(),
    state: sql`case when ${cr.state} = 'notified' then 'seen' else ${cr.state} end`,
  }).where(and(eq(cr.callId, callId), eq(cr.userId, userId), isNull(cr.seenAt)))
    .returning({ userId: cr.userId });
  await publishLines(deps, callId, moved.map((m) => m.userId));
}

/**
 * A transaction of a recipient changed: a missed-call row ends their line; a trade row created
 * during a call moves it to traded (or refused, when the exchange refused it), and any change of
 * such a row (a fill, a close) changes the board's money, so the line is sent again.
 */
export async function onCallTransaction(
  deps: BoardDeps & Pick<Deps, "config">,
  tx: TransactionView,
) {
  if (tx.kind === "missed_call") {
    if (!tx.callId) return;
    await move(deps, tx.callId, [tx.userId], { state: "missed", transactionId: tx.id }, UNDECIDED);
    return;
  }
  const at = new Date(tx.createdAt);
  const cr = callRecipients;
  const found = await deps.db.select({ call: calls, line: cr }).from(cr)
    .innerJoin(calls, eq(calls.id, cr.callId))
    .where(and(
      eq(cr.userId, tx.userId),
      lte(cr.callAt, at),
      gte(cr.callAt, new Date(at.getTime() - deps.config.CALL_EXPIRY_MS)),
      gte(calls.expiresAt, at),
    ));
  for (const { call, line } of found) await answer(deps, call, line, tx);
}

async function answer(
  deps: BoardDeps,
  call: CallRow,
  line: typeof callRecipients.$inferSelect,
  tx: TransactionView,
) {
  const effect = callEffect(call.target, line.pair);
  const side = openedSide(tx);
  const onSide = effect && (side === null || (side === "BUY" ? effect.buy : effect.sell));
  const moved = !onSide
    ? 0
    : tx.orderState === "refused"
    ? await move(deps, call.id, [line.userId], {
      state: "refused",
      reason: {
        code: "calls.exchangeRefused",
        params: { exchange: tx.exchange, note: (tx.orderNote ?? "").slice(0, 500) },
      } satisfies CallReason,
    }, UNDECIDED)
    : await move(deps, call.id, [line.userId], {
      state: "traded",
      reason: null,
      reactionMs: Math.max(0, Date.parse(tx.createdAt) - call.createdAt.getTime()),
      transactionId: tx.id,
    }, [...UNDECIDED, "refused"]);
  // The line stayed (already decided, or another side's row) but its money may have moved.
  if (!moved) await publishLines(deps, call.id, [line.userId]);
}
