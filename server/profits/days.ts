// What GET /profits and its series read: per UTC day, user, pair and exchange, the sums of the rows
// /profit reads (filters), unrounded. Whole days in the range come from profit_days
// (server/db/schema.ts, kept by a trigger on transactions), a few thousand rows for a million
// transactions; the range's first and last day, when it cuts them, from their transactions, by
// the same rules (books.ts). Callers round the sums they add up, as they would round the rows'.
import { and, type AnyColumn, eq, gte, isNull, lt, type SQL, sql } from "drizzle-orm";
import { profitDays as p, transactions as t } from "../db/schema.ts";
import {
  boughtFor,
  missedCall,
  NOT_COUNTED_REASONS,
  notRealized,
  realized,
  soldFor,
  targetProfit,
} from "../reports/books.ts";
import type { ProfitRange } from "./schema.ts";

const DAY_MS = 86_400_000;

/**
 * The rows /profit reads: DONE, confirmed, in the range and pair (the series reads the same). The
 * end is inclusive to the millisecond: a row at 23:59:59.999 and some µs is in a range ending at
 * 23:59:59.999 (what the page sends for the end of a day), so that day is whole.
 */
export function filters(range: ProfitRange, ...more: (SQL | undefined)[]) {
  return and(
    eq(t.status, "DONE"),
    // A DONE row whose opening order is pending, refused or unknown made nothing (yet).
    isNull(t.orderState),
    range.start === undefined ? undefined : gte(t.createdAt, new Date(range.start)),
    range.end === undefined ? undefined : lt(t.createdAt, new Date(range.end + 1)),
    range.pair ? eq(t.pair, range.pair) : undefined,
    ...more,
  );
}

const quoteOf = sql`upper(split_part(${t.pair}, '_', 2))`;
const baseOf = sql`upper(split_part(${t.pair}, '_', 1))`;
const feeValue = (fee: AnyColumn, asset: AnyColumn, price: AnyColumn) =>
  sql`case when upper(${asset}) = ${quoteOf} then coalesce(${fee}, 0)
    when upper(${asset}) = ${baseOf} then coalesce(${fee}, 0) * coalesce(${price}, 0)
    else 0 end`;
/**
 * What a row's fills paid in the quote asset or the base (valued at that fill's price); a fee in a
 * third asset (BNB) has no stored price and is in realizedPnl only.
 */
const fees = sql`${feeValue(t.fee, t.feeAsset, t.avgPrice)}
  + ${feeValue(t.closeFee, t.closeFeeAsset, t.filledPrice)}`;

const total = (value: SQL | AnyColumn, where: SQL) =>
  sql`coalesce(sum(${value}) filter (where ${where}), 0)`;
const tally = (where: SQL) => sql`count(*) filter (where ${where})`;
const apart = (reason: keyof typeof NOT_COUNTED_REASONS) =>
  tally(sql`${notRealized} and ${NOT_COUNTED_REASONS[reason]}`);

/** The columns of profit_days, in its order, from transactions grouped as it is. */
const fromRows = sql`select to_char(${t.createdAt} at time zone 'UTC', 'YYYY-MM-DD') as day,
  ${t.userId} as user_id, ${t.pair} as pair, ${t.exchange} as exchange,
  ${tally(realized)} as trades, ${tally(sql`${realized} and ${t.realizedPnl} > 0`)} as wins,
  ${total(t.filledQuantity, realized)} as quantity, ${total(boughtFor, realized)} as buy_amount,
  ${total(soldFor, realized)} as sell_amount, ${total(t.realizedPnl, realized)} as profit,
  ${total(fees, realized)} as fees,
  max(${t.realizedPnl}) filter (where ${realized}) as best,
  min(${t.realizedPnl}) filter (where ${realized}) as worst,
  ${tally(notRealized)} as not_counted_trades,
  ${total(targetProfit, notRealized)} as not_counted_profit,
  ${apart("typed")} as typed, ${apart("handClosed")} as hand_closed, ${apart("edited")} as edited,
  ${apart("oneSided")} as one_sided, ${apart("unpriced")} as unpriced,
  ${tally(missedCall)} as missed_calls, ${total(targetProfit, missedCall)} as missed_profit
  from ${t}`;
/** profit_days' rows recomputed from the transactions `where` holds (as a subquery). */
export const rowSums = (where: SQL | undefined) =>
  sql`(${fromRows} where ${where} group by 1, ${t.userId}, ${t.pair}, ${t.exchange})`;

const summaryColumns = sql`to_char(${p.day}, 'YYYY-MM-DD') as day, ${p.userId} as user_id,
  ${p.pair} as pair, ${p.exchange} as exchange, ${p.trades} as trades, ${p.wins} as wins,
  ${p.quantity} as quantity, ${p.buyAmount} as buy_amount, ${p.sellAmount} as sell_amount,
  ${p.profit} as profit, ${p.fees} as fees, ${p.best} as best, ${p.worst} as worst,
  ${p.notCountedTrades} as not_counted_trades, ${p.notCountedProfit} as not_counted_profit,
  ${p.typed} as typed, ${p.handClosed} as hand_closed, ${p.edited} as edited,
  ${p.oneSided} as one_sided, ${p.unpriced} as unpriced, ${p.missedCalls} as missed_calls,
  ${p.missedProfit} as missed_profit`;

const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The (day, user_id, pair, exchange) groups of `range` with profit_days' columns, as a subquery.
 * A day is whole when the range holds every instant of it, from its midnight to the next.
 */
export function profitDaySource(range: ProfitRange): SQL {
  const first = range.start === undefined ? undefined : Math.ceil(range.start / DAY_MS) * DAY_MS;
  const last = range.end === undefined ? undefined : Math.floor((range.end + 1) / DAY_MS) * DAY_MS;
  if (first !== undefined && last !== undefined && first >= last) {
    return rowSums(filters(range));
  }
  const whole = and(
    first === undefined ? undefined : gte(p.day, dayText(first)),
    last === undefined ? undefined : lt(p.day, dayText(last)),
    range.pair ? eq(p.pair, range.pair) : undefined,
  );
  const parts = [sql`select ${summaryColumns} from ${p}${whole ? sql` where ${whole}` : sql``}`];
  if (first !== undefined && range.start !== first) {
    const head = filters(range, lt(t.createdAt, new Date(first)));
    parts.push(sql`select * from ${rowSums(head)} h`);
  }
  if (last !== undefined && last <= range.end!) {
    const tail = filters(range, gte(t.createdAt, new Date(last)));
    parts.push(sql`select * from ${rowSums(tail)} l`);
  }
  return sql`(${sql.join(parts, sql` union all `)})`;
}
