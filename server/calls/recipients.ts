// Where each recipient stands in a call (call_recipients), moved on as it happens: written when
// the call is sent, then by the notice being shown (POST /calls/:id/seen), the push reaching a
// device, an order on the call's side (traded), a halt, limit or exchange refusing it (refused),
// and the missed-call row (missed). Each change is told to the caller and Admins on every instance
// as a `call-board` message with the line and the board's totals. Trades and refusals only move a
// line forward: a trade wins over a refusal (answers.ts), and nothing moves a traded line.
import { and, eq, gte, inArray, isNull, lte, ne, sql } from "drizzle-orm";
import type { SessionUser } from "../auth/sessions.ts";
import { PERMISSIONS } from "../auth/roles.shared.ts";
import type { CodedMessage } from "../core/messages.shared.ts";
import { logError } from "../core/log-error.ts";
import { callRecipients, calls, users } from "../db/schema.ts";
import type { Deps } from "../deps.ts";
import { livePrices } from "../transactions/pnl.ts";
import type { TransactionView } from "../transactions/view.ts";
import { openedSide } from "./answers.ts";
import type { CallReason, Delivery, RecipientState } from "./board.shared.ts";
import { readBoard } from "./board.ts";
import { callEffect } from "./target.shared.ts";

type CallRow = typeof calls.$inferSelect;
type BoardDeps = Pick<Deps, "db" | "market" | "realtime">;

/** The lines an order or refusal may still move: nobody is taken back from traded or missed. */
const UNDECIDED: RecipientState[] = ["notified", "seen"];

/**
 * The members the call concerns (its group but the caller, alive, whose pair the target takes),
 * each "page" when a page of theirs is shown on some instance, else "offline" until a push says.
 */
export async function addRecipients(
  deps: Pick<Deps, "db">,
  call: CallRow,
  isShown: (userId: number) => boolean,
) {
  const members = await deps.db.select({ id: users.id, pair: users.pair }).from(users).where(
    and(eq(users.group, call.group), ne(users.id, call.fromUserId), isNull(users.deletedAt)),
  );
  const rows = members.filter((m) => callEffect(call.target, m.pair) !== null).map((m) => ({
    callId: call.id,
    userId: m.id,
    callAt: call.createdAt,
    pair: m.pair,
    delivery: (isShown(m.id) ? "page" : "offline") as Delivery,
  }));
  if (rows.length) await deps.db.insert(callRecipients).values(rows).onConflictDoNothing();
}

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

type Change = Partial<typeof callRecipients.$inferInsert>;

/** Applies `change` to the lines named and tells the board of those that changed; how many did. */
async function move(
  deps: BoardDeps,
  callId: string,
  userIds: number[],
  change: Change,
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
  move(deps, callId, userIds, { delivery: "push" }).catch((err) =>
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

/** A halt or limit refused the user's order during `callId` (answers.ts recordCallRefusal). */
export const markRefused = (
  deps: BoardDeps,
  callId: string,
  user: SessionUser,
  why: Pick<CodedMessage, "code" | "params">,
) =>
  move(deps, callId, [user.id], {
    state: "refused",
    reason: { code: why.code, params: why.params },
  }, UNDECIDED);

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
    return await move(
      deps,
      tx.callId,
      [tx.userId],
      { state: "missed", transactionId: tx.id },
      UNDECIDED,
    );
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
