// End of Shift Report: the shift reports saved in the range, oldest first, then a TOTAL row. Beside
// what the person reported, each row carries their realized profit on the report's day as /profit
// counts it (reports/books.ts: transactions created that UTC day, from their fills), and the calls
// they sent that day: how many, the share of recipients who traded, and what those trades realized
// (books.ts tradedInCall). The TOTAL row's calls are every call sent in the range.
import { and, eq, gte, lte, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import {
  callRecipients,
  calls,
  shiftReports as s,
  transactions as t,
  users,
} from "../db/schema.ts";
import { callResult, inCallResult, realized } from "./books.ts";
import type { Deps } from "../deps.ts";
import { SHIFT_AMOUNT_FIELDS } from "../shift-reports/schema.ts";
import { type CsvColumn, numberColumn, textColumn } from "./csv.ts";
import { csvStream } from "./csv-stream.ts";
import {
  afterCursor,
  decimalText,
  epochMicros,
  nextCursor,
  type TimeCursor,
  utcDateTime,
} from "./keyset.ts";
import type { ReportRange } from "./schema.ts";

/** The report's user's realized profit on its day, read through transactions_list_user. */
const dayProfit = sql`(select coalesce(sum(${t.realizedPnl}), 0) from ${t}
  where ${t.userId} = ${s.userId} and ${t.status} = 'DONE' and ${t.orderState} is null
    and ${realized}
    and ${t.createdAt} >= ${s.reportDate}::timestamp at time zone 'UTC'
    and ${t.createdAt} < (${s.reportDate} + 1)::timestamp at time zone 'UTC')`;

/** The calls `who` sent (anyone's when undefined) from `from` to before `to`. */
function callsSent(who: SQL | undefined, from: SQL, to: SQL) {
  const sent = sql`${calls.createdAt} >= ${from} and ${calls.createdAt} < ${to}
    ${who ? sql`and ${calls.fromUserId} = ${who}` : sql``}`;
  // Lines by their own copy of the call's time too: read through call_recipients_call_at.
  const lines = sql`${callRecipients} join ${calls} on ${calls.id} = ${callRecipients.callId}
    and ${callRecipients.callAt} >= ${from} and ${callRecipients.callAt} < ${to}`;
  return {
    callsSent: sql<number>`(select count(*) from ${calls} where ${sent})::int`,
    callsFollowed: decimalText(sql`(select round(100.0 * count(*) filter
      (where ${callRecipients.state} = 'traded') / nullif(count(*), 0), 2) from ${lines}
      where ${sent})`),
    callsResult: sql<string>`(select ${callResult} from ${lines} cross join ${inCallResult}
      where ${sent})`,
  };
}

const reportDay = callsSent(
  sql`${s.userId}`,
  sql`${s.reportDate}::timestamp at time zone 'UTC'`,
  sql`(${s.reportDate} + 1)::timestamp at time zone 'UTC'`,
);

const inRange = (range: ReportRange) =>
  and(gte(s.createdAt, new Date(range.start)), lte(s.createdAt, new Date(range.end)));

export function shiftPage(db: Db, range: ReportRange, cursor: TimeCursor | null, limit: number) {
  return db.select({
    id: s.id,
    at: epochMicros(s.createdAt),
    reportDate: s.reportDate,
    username: users.username,
    account: s.account,
    usdtIn: s.usdtIn,
    usdtOut: s.usdtOut,
    btcIn: s.btcIn,
    btcOut: s.btcOut,
    ethIn: s.ethIn,
    ethOut: s.ethOut,
    gtIn: s.gtIn,
    gtOut: s.gtOut,
    realizedProfit: decimalText(sql`round(${dayProfit}, 8)`),
    ...reportDay,
  }).from(s).innerJoin(users, eq(users.id, s.userId))
    .where(and(inRange(range), afterCursor(s.createdAt, s.id, cursor)))
    .orderBy(s.createdAt, s.id)
    .limit(limit);
}

type Row = Awaited<ReturnType<typeof shiftPage>>[number];

export const END_OF_SHIFT_COLUMNS: CsvColumn<Row>[] = [
  { headers: ["Date (UTC)"], kind: "text", value: (r) => (r.at ? utcDateTime(r.at) : "TOTAL") },
  textColumn("Report Day", "reportDate"),
  textColumn("Username", "username"),
  textColumn("Account", "account"),
  numberColumn("USDT In", "usdtIn"),
  numberColumn("USDT Out", "usdtOut"),
  numberColumn("BTC In", "btcIn"),
  numberColumn("BTC Out", "btcOut"),
  numberColumn("ETH In", "ethIn"),
  numberColumn("ETH Out", "ethOut"),
  numberColumn("GT In", "gtIn"),
  numberColumn("GT Out", "gtOut"),
  numberColumn("Realized Profit", "realizedProfit"),
  numberColumn("Calls Sent", "callsSent"),
  numberColumn("Calls Followed %", "callsFollowed"),
  numberColumn("Calls Result", "callsResult"),
];

/** The TOTAL row's calls: every call sent in the range. */
export const rangeCalls = (db: Db, range: ReportRange) =>
  db.select(
    // Text, not a Date: postgres.js takes a Date only where drizzle knows the column it binds to.
    callsSent(
      undefined,
      sql`${new Date(range.start).toISOString()}::timestamptz`,
      sql`${new Date(range.end + 1).toISOString()}::timestamptz`,
    ),
  ).from(sql`(select 1) as one`);

/** The sums of every amount column over the range, as one more row labelled TOTAL. */
async function totalRow(db: Db, range: ReportRange): Promise<Row> {
  const sums = Object.fromEntries(
    SHIFT_AMOUNT_FIELDS.map((f) => [f, decimalText(sql`coalesce(sum(${s[f]}), 0)`)]),
  ) as Record<(typeof SHIFT_AMOUNT_FIELDS)[number], ReturnType<typeof decimalText>>;
  const [row] = await db.select({
    ...sums,
    realizedProfit: decimalText(sql`coalesce(round(sum(${dayProfit}), 8), 0)`),
  }).from(s).where(inRange(range));
  const [shiftCalls] = await rangeCalls(db, range);
  return { id: 0, at: "", reportDate: "", username: "", account: "", ...row, ...shiftCalls };
}

export function endOfShiftReport(deps: Pick<Deps, "config" | "db">, range: ReportRange) {
  const limit = deps.config.REPORT_PAGE_SIZE;
  return csvStream(END_OF_SHIFT_COLUMNS, async (cursor: TimeCursor | null) => {
    const rows = await shiftPage(deps.db, range, cursor, limit);
    const next = nextCursor(rows, limit);
    return { rows: next ? rows : [...rows, await totalRow(deps.db, range)], next };
  });
}
