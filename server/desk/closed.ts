// GET /desk/closed: the caller's closed trades, the last closed first, with both fills, the fees in
// the quote asset and the result; whether profit counts each is books.ts's rule, read in the same
// statement, so this list and /profit cannot disagree. Missed calls come apart: never a trade.
import { and, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import { dec } from "../core/decimal.shared.ts";
import { transactions as t } from "../db/schema.ts";
import type { Deps } from "../deps.ts";
import { missedCall, NOT_COUNTED_REASONS, realized, targetProfit } from "../reports/books.ts";
import { livePrices } from "../transactions/pnl.ts";
import { percentOf } from "./positions.ts";
import { feesInQuote, openingSide, openPriceOf, openQuantityOf } from "./rows.ts";
import type {
  ClosedTrade,
  DeskClosedAnswer,
  DeskClosedQuery,
  NotCountedReason,
} from "./schema.shared.ts";

const closedAt = sql`coalesce(${t.filledAt}, ${t.updatedAt})`;

const reason = sql<NotCountedReason | null>`(case when ${realized} then null ${
  sql.join(
    Object.entries(NOT_COUNTED_REASONS).map(([name, when]) =>
      sql`when ${when} then ${sql.raw(`'${name}'`)}`
    ),
    sql` `,
  )
} end)`;

export async function deskClosed(
  deps: Pick<Deps, "db" | "market">,
  userId: number,
  q: DeskClosedQuery,
): Promise<DeskClosedAnswer> {
  const done = and(eq(t.userId, userId), eq(t.status, "DONE"), isNull(t.orderState));
  const [items, missed] = await Promise.all([
    closedTrades(deps, and(done, eq(t.kind, "trade")), q.limit),
    deps.db.select({
      id: t.id,
      pair: t.pair,
      status: t.status,
      useBot: t.useBot,
      createdAt: t.createdAt,
      wouldHave: sql<string | null>`round(${targetProfit}, 8)::text`,
    }).from(t).where(and(done, missedCall))
      .orderBy(desc(t.createdAt), desc(t.id)).limit(q.limit),
  ]);
  return {
    items,
    missed: missed.map((m) => ({
      id: m.id,
      pair: m.pair,
      side: openingSide(m),
      at: m.createdAt.getTime(),
      wouldHave: m.wouldHave,
    })),
  };
}

/** The closed trades `where` picks, the last closed first. */
export async function closedTrades(
  deps: Pick<Deps, "db" | "market">,
  where: SQL | undefined,
  limit: number,
): Promise<ClosedTrade[]> {
  const rows = await deps.db.select({
    row: t,
    counted: sql<boolean>`(${realized})`,
    reason,
    fees: sql<string | null>`${feesInQuote(livePrices(deps.market))}::text`,
  }).from(t).where(where).orderBy(desc(closedAt), desc(t.id)).limit(limit);
  return rows.map(({ row, counted, reason, fees }): ClosedTrade => {
    const entryPrice = openPriceOf(row);
    const entryQuantity = openQuantityOf(row);
    const openedAt = (row.openedAt ?? row.createdAt).getTime();
    const closed = (row.filledAt ?? row.updatedAt).getTime();
    // One-sided rows (only_buy, only_sell) have no exit: filledPrice is their opening fill.
    const oneSided = row.useBot === "only_buy" || row.useBot === "only_sell";
    return {
      id: row.id,
      pair: row.pair,
      exchange: row.exchange,
      side: openingSide(row),
      entryPrice,
      entryQuantity,
      exitPrice: oneSided ? null : row.filledPrice,
      exitQuantity: oneSided ? null : row.closeQuantity,
      fees,
      realizedPnl: row.realizedPnl,
      realizedPct: percentOf(row.realizedPnl, dec(entryQuantity).mul(entryPrice)),
      openedAt,
      closedAt: closed,
      durationMs: Math.max(0, closed - openedAt),
      counted: !!counted,
      reason: counted ? null : reason,
    };
  });
}
