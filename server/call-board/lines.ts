// The call board's lines move as it happens (docs/calls.md#call-board-and-history): the notice
// being shown (POST /calls/:id/seen), the push reaching a device, an order on the call's side
// (traded), the exchange refusing it (refused: a halt's or limit's refusal is written by
// server/calls/recipients.ts), and the missed-call row (missed). Each change is told to the caller
// and Admins on every instance as a `call-board` message with the line and the board's totals. A
// line only moves forward: a trade wins over a refusal (server/calls/answers.ts), nothing moves a
// traded or missed line.
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { PERMISSIONS } from "../auth/roles.shared.ts";
import { logError } from "../core/log-error.ts";
import { outsideRequest } from "../core/request-scope.ts";
import { callRecipients } from "../db/schema.ts";
import { textRows } from "../db/raw-rows.ts";
import type { RecipientState } from "../db/enums.shared.ts";
import type { Deps } from "../deps.ts";
import { openedSide } from "../calls/answers.ts";
import type { CallReason } from "../calls/board.shared.ts";
import { UNDECIDED } from "../calls/recipients.ts";
import { callEffect } from "../calls/target.shared.ts";
import { livePrices } from "../transactions/pnl.ts";
import type { TransactionView } from "../transactions/view.ts";
import { readBoards } from "./board.ts";
import { type LiveLine, liveLinesSql, readLiveLines } from "../transactions/live-call-lines.ts";

type BoardDeps = Pick<Deps, "db" | "market" | "realtime" | "clock">;

/** Per call, the lines waiting to be sent while a round of sends runs; one queue per instance. */
const queues = new WeakMap<object, Map<string, Set<number>>>();

/**
 * Sends the recipients' lines (as they are now) to the caller and Admins, after the answer of the
 * request that changed them and outside its deadline. One round at a time reads the boards of
 * every call with changed lines together (board.ts readBoards): a burst of changes (50 recipients
 * answering, an order moving its line in each live call) costs one read per round, not one per
 * change or per call, and nothing waits longer than the round under way.
 */
export function publishLines(deps: BoardDeps, callId: string, userIds: number[]) {
  if (!deps.realtime || !userIds.length) return;
  let waiting = queues.get(deps.realtime);
  const idle = !waiting;
  if (!waiting) queues.set(deps.realtime, waiting = new Map());
  const lines = waiting.get(callId) ?? new Set();
  userIds.forEach((id) => lines.add(id));
  waiting.set(callId, lines);
  if (idle) void outsideRequest(() => flush(deps, waiting));
}

async function flush(deps: BoardDeps, waiting: Map<string, Set<number>>) {
  try {
    while (waiting.size) {
      const round = new Map(waiting);
      waiting.clear();
      await sendLines(deps, round).catch((err) =>
        logError(`call board of calls ${[...round.keys()].join(", ")}`, err)
      );
    }
  } finally {
    queues.delete(deps.realtime!);
  }
}

async function sendLines(deps: BoardDeps, round: Map<string, Set<number>>) {
  const boards = await readBoards(
    deps.db,
    [...round.keys()],
    livePrices(deps.market),
    deps.clock.now(),
  );
  const roles = [...PERMISSIONS["calls.viewAll"]];
  await Promise.all(
    [...boards].flatMap(([callId, board]) =>
      board.recipients.filter((r) => round.get(callId)!.has(r.userId)).map((recipient) =>
        deps.realtime!.hub.publish({ users: [board.call.fromUserId], roles }, {
          type: "call-board",
          callId,
          recipient,
          totals: board.totals,
        })
      )
    ),
  );
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
  publishLines(deps, callId, moved.map((m) => m.userId));
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
  publishLines(deps, callId, moved.map((m) => m.userId));
}

/**
 * A transaction of a recipient changed: a missed-call row ends their line; a trade row created
 * during a call moves it to traded (or refused, when the exchange refused it), and any change of
 * such a row (a fill, a close) changes the board's money, so the line is sent again. `lines`: the
 * row's live lines as the statement that wrote it read them (a new order's, issue 31); otherwise
 * they are looked up here.
 */
export async function onCallTransaction(
  deps: BoardDeps & Pick<Deps, "config" | "database">,
  tx: TransactionView,
  lines?: LiveLine[],
) {
  if (tx.kind === "missed_call") {
    if (!tx.callId) return;
    await move(deps, tx.callId, [tx.userId], { state: "missed", transactionId: tx.id }, UNDECIDED);
    return;
  }
  if (!lines) {
    const at = Date.parse(tx.createdAt);
    const [found] = await textRows<{ lines: unknown }>(deps.database, LINES_OF_ROW, [
      tx.userId,
      new Date(at).toISOString(),
      new Date(at - deps.config.CALL_EXPIRY_MS).toISOString(),
    ]);
    lines = readLiveLines(found?.lines);
  }
  // Each line at once: the newest call's line must not wait behind the older calls' updates.
  await Promise.all(lines.map((line) => answer(deps, line, tx)));
}

/**
 * The lines of the calls a row of `$1` created at `$2` answers (sent since `$3`, not yet expired).
 * Run after every change of a row: one prepared statement, not a query built anew.
 */
const LINES_OF_ROW = `select ${
  liveLinesSql("$1::integer", "$2::timestamptz", "$3::timestamptz")
} as "lines"`;

async function answer(deps: BoardDeps, line: LiveLine, tx: TransactionView) {
  const effect = callEffect(line.target, line.pair);
  const side = openedSide(tx);
  const onSide = effect && (side === null || (side === "BUY" ? effect.buy : effect.sell));
  const moved = !onSide
    ? 0
    : tx.orderState === "refused"
    ? await move(deps, line.callId, [line.userId], {
      state: "refused",
      reason: {
        code: "calls.exchangeRefused",
        params: { exchange: tx.exchange, note: (tx.orderNote ?? "").slice(0, 500) },
      } satisfies CallReason,
    }, UNDECIDED)
    : await move(deps, line.callId, [line.userId], {
      state: "traded",
      reason: null,
      reactionMs: Math.max(0, Date.parse(tx.createdAt) - line.callAt),
      transactionId: tx.id,
    }, [...UNDECIDED, "refused"]);
  // The line stayed (already decided, or another side's row) but its money may have moved.
  if (!moved) publishLines(deps, line.callId, [line.userId]);
}
