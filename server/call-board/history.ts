// Call history (GET /calls) and per-person call figures (GET /calls/figures): who followed, how
// fast and what it earned, from call_recipients (recipients.ts) and the recipients' trades in each
// call (board.ts). A page of history reads its calls through the calls_created index first, then
// only those calls' lines and trades (docs/reports.md#calls).
import { and, arrayContains, count, desc, eq, gte, inArray, lte, type SQL, sql } from "drizzle-orm";
import { Decimal } from "decimal.js";
import type { SessionUser } from "../auth/sessions.ts";
import { can } from "../auth/roles.shared.ts";
import { callLeadDays, callRecipients as cr, calls, callUserDays, users } from "../db/schema.ts";
import { executeRows } from "../db/raw-rows.ts";
import { splitRange } from "../reports/call-days.ts";
import type { Deps } from "../deps.ts";
import { livePrices } from "../transactions/pnl.ts";
import type {
  CallFigures,
  CallFiguresQuery,
  CallHistory,
  CallHistoryItem,
  CallHistoryQuery,
} from "../calls/board.shared.ts";
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
 * Who sees whose figures, as conditions on a recipient's and a sender's id: a User their own line;
 * a Lead their own lines and their group's users, their own calls; Admins everyone.
 */
function figuresScope(viewer: SessionUser) {
  if (can(viewer.role, "calls.viewAll")) {
    return { users: (_: SQL) => sql`true`, leads: (_: SQL) => sql`true` };
  }
  if (can(viewer.role, "calls.board")) {
    return {
      // A subquery, not a join: the lines then need no users row (a join the planner ran as a
      // nested loop over every user for each line).
      users: (id: SQL) =>
        sql`(${id} = ${viewer.id} or ${id} in (select ${users.id} from ${users}
          where ${users.group} = ${viewer.group}))`,
      leads: (id: SQL) => sql`${id} = ${viewer.id}`,
    };
  }
  return { users: (id: SQL) => sql`${id} = ${viewer.id}`, leads: (_: SQL) => sql`false` };
}

const rounded = (total: SQL) => sql`trim_scale(coalesce(round(${total}, 8), 0))::text`;

/**
 * The figures' two reads, each User's and each Lead's: whole UTC days from call_user_days and
 * call_lead_days, a day the range cuts from its lines (reports/call-days.ts); each line's result
 * is the one kept on it (call_recipients.result), never its trades summed again. The median
 * reaction is no sum: it reads each user's followed lines' times of the range from
 * call_recipients_traded.
 */
export function figuresQueries(viewer: SessionUser, query: CallFiguresQuery) {
  const scope = figuresScope(viewer);
  const range = splitRange(query);
  const r = sql.raw(`"r"`);
  const userOf = sql`${r}."user_id"`;
  const callAt = sql`${r}."call_at"`;
  const userLines = sql`with parts as (
      select d.user_id, d.received, d.followed, d.result from ${callUserDays} d
      where ${range.days(sql`d.day`)} and ${scope.users(sql`d.user_id`)}
      union all
      select ${userOf}, 1, (${r}.state = 'traded')::int, ${r}.result from ${cr} ${r}
      where ${range.cuts(callAt)} and ${scope.users(userOf)}
    ), sums as (
      select user_id, sum(received)::int as received, sum(followed)::int as followed,
        sum(result) as result
      from parts group by user_id having sum(received) > 0
    )
    select s.user_id as "userId", u.username, s.received, s.followed, m.median,
      ${rounded(sql`s.result`)} as result
    from sums s join ${users} u on u.id = s.user_id,
      -- Each user's own range of call_recipients_traded: read in order, sorted in memory (all the
      -- range's followed lines sorted by user at once spilled to disk at a month).
      lateral (select percentile_cont(0.5) within group (order by ${r}.reaction_ms) as median
        from ${cr} ${r} where ${r}.state = 'traded' and ${r}.user_id = s.user_id
          and ${range.all(callAt)}) m
    order by u.username`;
  const leadLines = sql`with parts as (
      select d.lead_id, d.lead_name, d.sent, d.recipients, d.followed, d.result
      from ${callLeadDays} d where ${range.days(sql`d.day`)} and ${scope.leads(sql`d.lead_id`)}
      union all
      select c.from_user_id, c.from_username, count(distinct c.id)::int, count(*)::int,
        (count(*) filter (where ${r}.state = 'traded'))::int, sum(${r}.result)
      from ${cr} ${r} join ${calls} c on c.id = ${r}.call_id
      where ${range.cuts(callAt)} and ${range.cuts(sql`c.created_at`)}
        and ${scope.leads(sql`c.from_user_id`)}
      group by c.from_user_id, c.from_username
    )
    select lead_id as "userId", lead_name as username, sum(sent)::int as sent,
      sum(recipients)::int as recipients, sum(followed)::int as followed,
      -- A Lead's desk result spans the names their calls carried.
      ${rounded(sql`sum(sum(result)) over (partition by lead_id)`)} as "deskResult"
    from parts group by lead_id, lead_name having sum(recipients) > 0 order by lead_name`;
  return [userLines, leadLines] as const;
}

interface UserLine {
  userId: number;
  username: string;
  received: number;
  followed: number;
  median: number | string | null;
  result: string;
}

interface LeadLine {
  userId: number;
  username: string;
  sent: number;
  recipients: number;
  followed: number;
  deskResult: string;
}

export async function callFigures(
  deps: Pick<Deps, "db">,
  viewer: SessionUser,
  query: CallFiguresQuery,
): Promise<CallFigures> {
  const [users, leads] = figuresQueries(viewer, query);
  const [userLines, leadLines] = await Promise.all([
    executeRows<UserLine>(deps.db, users),
    executeRows<LeadLine>(deps.db, leads),
  ]);
  return {
    users: userLines.map((l) => ({
      userId: l.userId,
      username: l.username,
      received: l.received,
      followed: l.received ? l.followed / l.received : null,
      medianReactionMs: l.median == null ? null : Math.round(Number(l.median)),
      result: l.result,
    })),
    leads: leadLines.map((l) => ({
      userId: l.userId,
      username: l.username,
      sent: l.sent,
      followed: l.recipients ? l.followed / l.recipients : null,
      deskResult: l.deskResult,
    })),
  };
}
