// The call board (GET /calls/:id, the socket's call-board event) and the call history's money: a
// recipient's lines come from call_recipients (recipients.ts), their money from the transactions
// (docs/calls.md#call-board-and-history). A recipient's trades in a call are their trade rows
// created while it ran (the rule of server/calls/answers.ts: an order need not name the call);
// realized is what profit counts of them (server/reports/books.ts), unrealized their open rows at
// the live price (server/transactions/pnl.ts), missed the missed-call row's would-be, apart.
import { and, between, eq, inArray, type SQL, sql } from "drizzle-orm";
import { Decimal } from "decimal.js";
import type { Db } from "../db/client.ts";
import { callRecipients, calls, transactions as t, users } from "../db/schema.ts";
import { counted, targetProfit, tradedInCall } from "../reports/books.ts";
import { decimalText } from "../reports/keyset.ts";
import { unrealizedPnlSql } from "../transactions/pnl.ts";
import type { LivePrices } from "../transactions/pnl.shared.ts";
import type { BoardRecipient, BoardTotals, CallBoard } from "../calls/board.shared.ts";
import { toCallInfo } from "../calls/service.ts";

/** What one recipient's rows in one call add up to; amounts are decimal text. */
export interface RecipientMoney {
  callId: string;
  userId: number;
  filledAmount: string;
  quantity: string;
  realizedPnl: string;
  unrealizedPnl: string | null;
  missedWouldBe: string | null;
  side: "BUY" | "SELL" | null;
}

const sumText = (value: SQL, where: SQL) =>
  decimalText(sql`coalesce(round(sum(${value}) filter (where ${where}), 8), 0)`);
const sumOrNull = (value: SQL) => sql<string | null>`trim_scale(round(sum(${value}), 8))::text`;

const opened = sql`${t.kind} = 'trade' and ${t.orderState} is null`;
const LIVE = sql.raw(unrealizedPnlSql(`"live"."prices"`));
/** The side a row opened on (as answers.ts's openedSide): a DONE row says it by its mode. */
const sideOf = sql<"BUY" | "SELL" | null>`(array_agg(case
  when ${t.status} <> 'DONE' then ${t.status}::text
  when ${t.useBot} in ('only_buy', 'buy_sell') then 'BUY'
  when ${t.useBot} in ('only_sell', 'sell_buy') then 'SELL' end
  order by ${t.createdAt}, ${t.id}) filter (where ${opened}))[1]`;

type CallWindow = Pick<typeof calls.$inferSelect, "id" | "createdAt" | "expiresAt">;

/**
 * The trades of each (call, recipient) of `page` (not empty), summed. The page's whole window, as
 * constants, bounds the trades too: each call's window comes from a join, which the planner cannot
 * size, so without it the planner guesses thousands of trades a line and hashes or walks each
 * user's whole history (1.5 s at 1,000,000 rows); with it, each line reads its call's seconds of
 * transactions_created (docs/reports.md#speed).
 */
export function tradesInCalls(db: Db, page: CallWindow[], prices: LivePrices) {
  const from = new Date(Math.min(...page.map((c) => c.createdAt.getTime())));
  const to = new Date(Math.max(...page.map((c) => c.expiresAt.getTime())));
  const ids = page.map((c) => c.id);
  const cr = callRecipients;
  return db.select({
    callId: cr.callId,
    userId: cr.userId,
    filledAmount: sumText(sql`${t.filledQuantity} * ${t.avgPrice}`, opened),
    quantity: sumText(sql`${t.filledQuantity}`, opened),
    realizedPnl: sumText(sql`${t.realizedPnl}`, counted),
    unrealizedPnl: sumOrNull(sql`(${LIVE})::numeric`),
    side: sideOf,
  }).from(cr)
    .innerJoin(calls, eq(calls.id, cr.callId))
    .innerJoin(t, and(tradedInCall, between(t.createdAt, from, to)))
    .crossJoin(sql`(select ${JSON.stringify(prices)}::jsonb as "prices") "live"`)
    // The ids on both sides: each call is then read through its key, never by a scan to hash.
    .where(and(inArray(cr.callId, ids), inArray(calls.id, ids)))
    .groupBy(cr.callId, cr.userId);
}

/** The money of each (call, recipient) of `page`: their trades during the call and their missed-call row. */
export async function recipientMoney(
  db: Db,
  page: CallWindow[],
  prices: LivePrices,
): Promise<RecipientMoney[]> {
  if (!page.length) return [];
  const callIds = page.map((c) => c.id);
  const cr = callRecipients;
  const [traded, missed] = await Promise.all([
    tradesInCalls(db, page, prices),
    db.select({
      callId: cr.callId,
      userId: cr.userId,
      wouldBe: decimalText(sql`round(${targetProfit}, 8)`),
    }).from(cr)
      .innerJoin(t, eq(t.id, cr.transactionId))
      .where(and(inArray(cr.callId, callIds), eq(cr.state, "missed"), eq(t.kind, "missed_call"))),
  ]);
  const key = (m: { callId: string; userId: number }) => `${m.callId}:${m.userId}`;
  const byKey = new Map<string, RecipientMoney>();
  for (const row of traded) byKey.set(key(row), { ...row, missedWouldBe: null });
  for (const row of missed) {
    const found = byKey.get(key(row));
    if (found) found.missedWouldBe = row.wouldBe;
    else {
      byKey.set(key(row), {
        callId: row.callId,
        userId: row.userId,
        filledAmount: "0",
        quantity: "0",
        realizedPnl: "0",
        unrealizedPnl: null,
        missedWouldBe: row.wouldBe,
        side: null,
      });
    }
  }
  return [...byKey.values()];
}

const sum = (values: (string | null)[]) =>
  values.reduce((acc, v) => (v === null ? acc : acc.plus(v)), new Decimal(0)).toFixed();

export function boardTotals(recipients: BoardRecipient[]): BoardTotals {
  return {
    recipients: recipients.length,
    followed: recipients.filter((r) => r.state === "traded").length,
    filledAmount: sum(recipients.map((r) => r.amount)),
    realizedPnl: sum(recipients.map((r) => r.realizedPnl)),
    unrealizedPnl: sum(recipients.map((r) => r.unrealizedPnl)),
    missedWouldBe: sum(recipients.map((r) => r.missedWouldBe)),
  };
}

const nonZero = (v: string) => (new Decimal(v).isZero() ? null : v);

/**
 * Calls whose windows overlap, together: the trades of a group are read over the group's window
 * (tradesInCalls), which for a live call and a days-old one would span those days.
 */
function overlapping(page: CallWindow[]): CallWindow[][] {
  const groups: CallWindow[][] = [];
  let end = -Infinity;
  for (const call of [...page].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())) {
    if (call.createdAt.getTime() > end) groups.push([]);
    groups[groups.length - 1].push(call);
    end = Math.max(end, call.expiresAt.getTime());
  }
  return groups;
}

/**
 * The boards of the calls named (those that exist), read together: the live board sends the lines
 * that changed in every call at once, four queries for any number of live calls. A line still
 * notified or seen when the call has expired reads as missed: a recipient whose page was closed
 * never sends the generate-done that would have moved it.
 */
export async function readBoards(
  db: Db,
  callIds: string[],
  prices: LivePrices,
  now: Date,
): Promise<Map<string, CallBoard>> {
  const found = callIds.length
    ? await db.select().from(calls).where(inArray(calls.id, callIds))
    : [];
  if (!found.length) return new Map();
  const cr = callRecipients;
  const [rows, money] = await Promise.all([
    db.select({ r: cr, username: users.username }).from(cr)
      .innerJoin(users, eq(users.id, cr.userId))
      .where(inArray(cr.callId, found.map((c) => c.id)))
      .orderBy(users.username),
    Promise.all(overlapping(found).map((group) => recipientMoney(db, group, prices))),
  ]);
  const moneyOf = new Map(money.flat().map((m) => [`${m.callId}:${m.userId}`, m]));
  return new Map(found.map((call) => {
    const expired = call.expiresAt <= now;
    const recipients = rows.filter(({ r }) => r.callId === call.id).map(
      ({ r, username }): BoardRecipient => {
        const m = moneyOf.get(`${call.id}:${r.userId}`);
        const filled = m && nonZero(m.quantity);
        return {
          userId: r.userId,
          username,
          state: expired && (r.state === "notified" || r.state === "seen") ? "missed" : r.state,
          delivery: r.delivery,
          seenAt: r.seenAt?.getTime() ?? null,
          reactionMs: r.reactionMs,
          side: m?.side ?? null,
          fillPrice: filled
            ? new Decimal(m.filledAmount).div(m.quantity).toDecimalPlaces(8).toFixed()
            : null,
          amount: filled ? m.filledAmount : null,
          quantity: filled ? m.quantity : null,
          transactionId: r.transactionId,
          reason: r.reason,
          realizedPnl: filled ? m.realizedPnl : null,
          unrealizedPnl: m?.unrealizedPnl ?? null,
          missedWouldBe: m?.missedWouldBe ?? null,
        };
      },
    );
    return [call.id, { call: toCallInfo(call), recipients, totals: boardTotals(recipients) }];
  }));
}

/** The board of a call, or null when there is no such call. */
export const readBoard = async (db: Db, callId: string, prices: LivePrices, now: Date) =>
  (await readBoards(db, [callId], prices, now)).get(callId) ?? null;
