// End of Shift Report: the shift reports saved in the range, oldest first, then a TOTAL row. Beside
// what the person reported, each row carries their realized profit on the report's day as /profit
// counts it (reports/books.ts: transactions created that UTC day, from their fills), and the calls
// they sent that day: how many, the share of recipients who traded, and what those trades realized
// (each line's kept result, call_recipients.result). The TOTAL row's calls are every call sent in
// the range.
import { and, eq, gte, lte, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import {
  callLeadDays,
  callRecipients,
  calls,
  shiftReports as s,
  transactions as t,
  users,
} from "../db/schema.ts";
import { realized } from "./books.ts";
import { splitRange } from "./call-days.ts";
import type { Deps } from "../deps.ts";
import { SHIFT_AMOUNT_FIELDS } from "../shift-reports/schema.ts";
import { type CsvColumn, numberColumn, textColumn } from "./csv.ts";
import { csvStream, wholePages } from "./csv-stream.ts";
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

/** The day's calls sent by the report's user: counted from calls (calls_from_created), their
 * lines' share followed and result from call_lead_days (a report's day is a whole UTC day). */
const reportDay = (() => {
  const from = sql`${s.reportDate}::timestamp at time zone 'UTC'`;
  const to = sql`(${s.reportDate} + 1)::timestamp at time zone 'UTC'`;
  const days = sql`${callLeadDays} d where d.day = ${s.reportDate} and d.lead_id = ${s.userId}`;
  return {
    callsSent: sql<number>`(select count(*) from ${calls} where ${calls.createdAt} >= ${from}
      and ${calls.createdAt} < ${to} and ${calls.fromUserId} = ${s.userId})::int`,
    callsFollowed: decimalText(sql`(select round(100.0 * sum(d.followed)
      / nullif(sum(d.recipients), 0), 2) from ${days})`),
    callsResult: decimalText(sql`(select coalesce(round(sum(d.result), 8), 0) from ${days})`),
  };
})();

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

/**
 * The TOTAL row's calls: every call sent in the range, counted from calls; their lines' share
 * followed and result from call_lead_days for the whole days, from the lines for a day the range
 * cuts (reports/call-days.ts).
 */
export const rangeCalls = (db: Db, range: ReportRange) => {
  const split = splitRange(range);
  const r = sql.raw(`"r"`);
  const lines = sql`(select d.recipients, d.followed, d.result from ${callLeadDays} d
      where ${split.days(sql`d.day`)}
    union all
    select 1, (${r}.state = 'traded')::int, ${r}.result from ${callRecipients} ${r}
      where ${split.cuts(sql`${r}.call_at`)}) as lines`;
  return db.select({
    callsSent: sql<number>`(select count(*) from ${calls}
      where ${split.all(calls.createdAt)})::int`,
    callsFollowed: decimalText(sql`(select round(100.0 * sum(lines.followed)
      / nullif(sum(lines.recipients), 0), 2) from ${lines})`),
    callsResult: decimalText(sql`(select coalesce(round(sum(lines.result), 8), 0) from ${lines})`),
  }).from(sql`(select 1) as one`);
};

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
  return csvStream(
    END_OF_SHIFT_COLUMNS,
    wholePages(async (cursor: TimeCursor | null) => {
      const rows = await shiftPage(deps.db, range, cursor, limit);
      const next = nextCursor(rows.at(-1), rows.length, limit);
      return { rows: next ? rows : [...rows, await totalRow(deps.db, range)], next };
    }),
  );
}
