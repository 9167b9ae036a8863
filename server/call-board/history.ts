// Call history (GET /calls) and per-person call figures (GET /calls/figures): who followed, how
// fast and what it earned, from call_recipients (recipients.ts) and the recipients' trades in each
// call (board.ts). A page of history reads its calls through the calls_created index first, then
// only those calls' lines and trades (docs/reports.md#calls).
import {
  and,
  arrayContains,
  count,
  desc,
  eq,
  gte,
  inArray,
  lte,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { Decimal } from "decimal.js";
import type { SessionUser } from "../auth/sessions.ts";
import { can } from "../auth/roles.shared.ts";
import { callRecipients as cr, calls, users } from "../db/schema.ts";
import type { Deps } from "../deps.ts";
import { livePrices } from "../transactions/pnl.ts";
import type {
  CallFigures,
  CallFiguresQuery,
  CallHistory,
  CallHistoryItem,
  CallHistoryQuery,
} from "../calls/board.shared.ts";
import { callResult, inCallResult } from "../reports/books.ts";
import { recipientMoney } from "./board.ts";
import { toCallInfo } from "../calls/service.ts";
import { isFixedTarget } from "../calls/target.shared.ts";
import { CALL_TARGET_ALL } from "../calls/target.shared.ts";

/** Calls sent in the range, by `at`: calls.created_at, or their lines' copy of it (call_at). */
const inRange = (
  r: { start?: number; end?: number },
  at: typeof calls.createdAt | typeof cr.callAt = calls.createdAt,
) => [
  r.start === undefined ? undefined : gte(at, new Date(r.start)),
  r.end === undefined ? undefined : lte(at, new Date(r.end)),
];

/** Fixed targets are stored upper-case, pair codes lower-case (service.ts normalizeTarget). */
function targetIs(raw: string): SQL {
  const upper = raw.toUpperCase();
  return eq(
    calls.target,
    isFixedTarget(upper) || upper === CALL_TARGET_ALL ? upper : raw.toLowerCase(),
  );
}

/** The order of calls_created and calls_from_created, whose created_at is `desc nulls last`: a
 * plain `desc` (nulls first) is another order to PostgreSQL, which then sorts every call (ties,
 * rare, are sorted by id on top of the index's order). */
const newestFirst = sql`${calls.createdAt} desc nulls last`;

const median = sql<number | null>`(percentile_cont(0.5) within group (order by ${cr.reactionMs})
  filter (where ${cr.state} = 'traded'))`;
const followedCount = sql<number>`(count(*) filter (where ${cr.state} = 'traded'))::int`;

const share = (part: number, whole: number) => (whole ? part / whole : 0);
const sum = (values: (string | null)[]) =>
  values.reduce((acc, v) => (v === null ? acc : acc.plus(v)), new Decimal(0)).toFixed();

/** A page of calls and their count (a Lead reads their own calls only; calls.viewAll everyone's). */
export function callPage(db: Deps["db"], viewer: SessionUser, query: CallHistoryQuery) {
  const leadId = can(viewer.role, "calls.viewAll") ? query.leadId : viewer.id;
  const where = and(
    leadId === undefined ? undefined : eq(calls.fromUserId, leadId),
    ...inRange(query),
    query.target ? targetIs(query.target) : undefined,
    // The call's own row says it (calls.pairs: a pair target and the recipients' pairs).
    query.pair ? arrayContains(calls.pairs, [query.pair]) : undefined,
  );
  return {
    page: db.select().from(calls).where(where)
      .orderBy(newestFirst, desc(calls.id))
      .limit(query.limit).offset((query.page - 1) * query.limit),
    count: db.select({ totalItems: count() }).from(calls).where(where),
  };
}

export async function listCalls(
  deps: Pick<Deps, "db" | "market">,
  viewer: SessionUser,
  query: CallHistoryQuery,
): Promise<CallHistory> {
  const queries = callPage(deps.db, viewer, query);
  const [page, [{ totalItems }]] = await Promise.all([queries.page, queries.count]);
  const ids = page.map((c) => c.id);
  const [lines, money] = ids.length
    ? await Promise.all([
      deps.db.select({
        callId: cr.callId,
        recipients: sql<number>`count(*)::int`,
        followed: followedCount,
        median,
      }).from(cr).where(inArray(cr.callId, ids)).groupBy(cr.callId),
      recipientMoney(deps.db, page, livePrices(deps.market)),
    ])
    : [[], []];
  const linesOf = new Map(lines.map((l) => [l.callId, l]));
  const items = page.map((row): CallHistoryItem => {
    const l = linesOf.get(row.id);
    const m = money.filter((x) => x.callId === row.id);
    return {
      ...toCallInfo(row),
      recipients: l?.recipients ?? 0,
      followed: share(l?.followed ?? 0, l?.recipients ?? 0),
      medianReactionMs: l?.median == null ? null : Math.round(Number(l.median)),
      filledAmount: sum(m.map((x) => x.filledAmount)),
      realizedPnl: sum(m.map((x) => x.realizedPnl)),
      unrealizedPnl: sum(m.map((x) => x.unrealizedPnl)),
      missedWouldBe: sum(m.map((x) => x.missedWouldBe)),
    };
  });
  return { items, totalItems };
}

/**
 * Who sees whose figures: a User their own line; a Lead their own lines and their group's users;
 * Admins everyone.
 */
function figuresScope(viewer: SessionUser) {
  if (can(viewer.role, "calls.viewAll")) return { users: undefined, leads: undefined };
  if (can(viewer.role, "calls.board")) {
    return {
      // A subquery, not a join: the results' lines then need no users row (a join the planner
      // ran as a nested loop over every user for each line).
      users: or(
        eq(cr.userId, viewer.id),
        sql`${cr.userId} in (select ${users.id} from ${users} where ${users.group} = ${viewer.group})`,
      ),
      leads: eq(calls.fromUserId, viewer.id),
    };
  }
  return { users: eq(cr.userId, viewer.id), leads: sql`false` };
}

/** The figures' four reads: each User's lines and result, each Lead's lines and desk result. */
export function figuresQueries(db: Deps["db"], viewer: SessionUser, query: CallFiguresQuery) {
  const scope = figuresScope(viewer);
  // Both bounds: the lines' own is read through call_recipients_call_at, not call by call.
  const range = [...inRange(query), ...inRange(query, cr.callAt)];
  // Lines and results apart: joining the trades would count a line once per trade.
  return [
    db.select({
      userId: cr.userId,
      username: users.username,
      received: sql<number>`count(*)::int`,
      followed: followedCount,
      median,
    }).from(cr).innerJoin(calls, eq(calls.id, cr.callId)).innerJoin(users, eq(users.id, cr.userId))
      .where(and(...range, scope.users)).groupBy(cr.userId, users.username)
      .orderBy(users.username),
    db.select({ userId: cr.userId, result: callResult }).from(cr)
      .innerJoin(calls, eq(calls.id, cr.callId)).crossJoin(inCallResult)
      .where(and(...range, scope.users)).groupBy(cr.userId),
    db.select({
      userId: calls.fromUserId,
      username: calls.fromUsername,
      sent: sql<number>`count(distinct ${calls.id})::int`,
      recipients: sql<number>`count(${cr.userId})::int`,
      followed: followedCount,
    }).from(calls).leftJoin(cr, eq(cr.callId, calls.id))
      .where(and(...range, scope.leads)).groupBy(calls.fromUserId, calls.fromUsername)
      .orderBy(calls.fromUsername),
    db.select({ userId: calls.fromUserId, result: callResult }).from(cr)
      .innerJoin(calls, eq(calls.id, cr.callId)).crossJoin(inCallResult)
      .where(and(...range, scope.leads)).groupBy(calls.fromUserId),
  ] as const;
}

export async function callFigures(
  deps: Pick<Deps, "db">,
  viewer: SessionUser,
  query: CallFiguresQuery,
): Promise<CallFigures> {
  const [userLines, userResults, leadLines, leadResults] = await Promise.all(
    figuresQueries(deps.db, viewer, query),
  );
  const resultOf = (rows: { userId: number; result: string }[], id: number) =>
    rows.find((r) => r.userId === id)?.result ?? "0";
  return {
    users: userLines.map((l) => ({
      userId: l.userId,
      username: l.username,
      received: l.received,
      followed: l.received ? l.followed / l.received : null,
      medianReactionMs: l.median == null ? null : Math.round(Number(l.median)),
      result: resultOf(userResults, l.userId),
    })),
    leads: leadLines.map((l) => ({
      userId: l.userId,
      username: l.username,
      sent: l.sent,
      followed: l.recipients ? l.followed / l.recipients : null,
      deskResult: resultOf(leadResults, l.userId),
    })),
  };
}
