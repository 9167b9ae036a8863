// Which DONE rows realized profit counts and what it shows apart, for /profit, its CSV and the
// User Summary report alike (docs/reports.md#profit). Profit is what the exchange filled: each
// row's realizedPnl (server/transactions/pnl.ts). A missed call never trades; a row closed by
// hand, one-sided (only_buy, only_sell: no round trip) or without a result is counted apart with
// what it would have made at its targets.
import { and, eq, type SQL, sql } from "drizzle-orm";
import { callRecipients, calls, transactions as t } from "../db/schema.ts";
import { decimalText } from "./keyset.ts";

export const realized = sql`${t.kind} = 'trade' and ${t.realizedPnl} is not null
  and ${t.priceSource} <> 'hand_closed'`;
export const notRealized = sql`${t.kind} = 'trade' and (${t.realizedPnl} is null
  or ${t.priceSource} = 'hand_closed')`;
export const missedCall = sql`${t.kind} = 'missed_call'`;
/** The rows profit counts (server/profits/service.ts: DONE, confirmed, and realized). */
export const counted = sql`${t.status} = 'DONE' and ${t.orderState} is null and ${realized}`;
/**
 * A call recipient's trades in the call, for call_recipients joined to calls then to transactions:
 * their trade rows created while it ran, whether or not the order named it (server/calls/answers.ts).
 */
export const tradedInCall = and(
  eq(t.userId, callRecipients.userId),
  eq(t.kind, "trade"),
  sql`${t.createdAt} between ${calls.createdAt} and ${calls.expiresAt}`,
)!;

/**
 * What each line's trades in its call realized, as "in_call"."pnl" (null when none), for a call
 * line query to join: each line sums its user's DONE rows of its call's seconds through
 * transactions_list_user (user_id, status, created_at). The rule call_recipients.result keeps
 * (drizzle/0023 call_line_result, docs/reports.md#speed); tests/api/call-results.test.ts holds
 * the kept results equal to it.
 */
export const inCallResult = sql`lateral (select sum(${t.realizedPnl}) as "pnl" from ${t}
  where ${and(tradedInCall, counted)}) as "in_call"`;

const oneSided = sql`${t.useBot} in ('only_buy', 'only_sell')`;
const source = (s: string) => sql`${t.priceSource} = ${sql.raw(`'${s}'`)}`;

/** Why a row is not counted; `unpriced`: closed without a result (no fill, or a fee not valued). */
export const NOT_COUNTED_REASONS = {
  typed: source("typed"),
  handClosed: source("hand_closed"),
  edited: source("edited"),
  oneSided: sql`${source("server")} and ${oneSided}`,
  unpriced: sql`${source("server")} and not ${oneSided}`,
} as const;

/** What a row would make at its target prices: all a row without fills can tell. */
export const targetProfit = sql`(${t.sellPrice} - ${t.buyPrice}) * ${t.quantity}`;

const opensBySelling = sql`${t.useBot} in ('sell_buy', 'only_sell')`;
const openingNotional = sql`${t.filledQuantity} * ${t.avgPrice}`;
const closingNotional = sql`${t.closeQuantity} * ${t.filledPrice}`;
/** What a counted round trip paid and received in the quote, before fees: from its two fills. */
export const boughtFor = sql`case when ${opensBySelling} then ${closingNotional}
  else ${openingNotional} end`;
export const soldFor = sql`case when ${opensBySelling} then ${openingNotional}
  else ${closingNotional} end`;

/** The sum over the rows `where` holds, rounded to 8 decimals, 0 when none: as decimal text. */
export const sum8 = (value: SQL, where: SQL) =>
  decimalText(sql`coalesce(round(sum(${value}) filter (where ${where}), 8), 0)`);
export const countWhere = (where: SQL) => sql<number>`(count(*) filter (where ${where}))::int`;
