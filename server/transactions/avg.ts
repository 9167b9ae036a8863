// GET /transaction/avg: totals and average prices over the transactions a list query selects.
// Averages are weighted by quantity (the price paid per unit overall), floored to 8 decimals.
import { sql } from "drizzle-orm";
import type { SessionUser } from "../auth/sessions.ts";
import { floor8 } from "../core/decimal.shared.ts";
import type { Db } from "../db/client.ts";
import { transactions } from "../db/schema.ts";
import { filterConditions, statusIs, whereAll } from "./filters.ts";
import type { TransactionFilter } from "./schema.ts";

export interface Averages {
  count: number;
  totalAmount: string;
  totalQuantity: string;
  avgBuyPrice: string;
  avgSellPrice: string;
  avgMarketPrice: string;
}

const zero = floor8(0);

export async function transactionAverages(
  db: Db,
  user: SessionUser,
  filter: TransactionFilter,
): Promise<Averages> {
  const conds = await filterConditions(db, user, filter);
  const none = {
    count: 0,
    totalAmount: zero,
    totalQuantity: zero,
    avgBuyPrice: zero,
    avgSellPrice: zero,
    avgMarketPrice: zero,
  };
  if (!conds) return none;
  const t = transactions;
  const weighted = (price: typeof t.buyPrice) =>
    sql<string | null>`sum(${price} * ${t.quantity}) / nullif(sum(${t.quantity}), 0)`;
  const [row] = await db.select({
    count: sql<string>`count(*)`,
    totalAmount: sql<string | null>`sum(${t.amount})`,
    totalQuantity: sql<string | null>`sum(${t.quantity})`,
    avgBuyPrice: weighted(t.buyPrice),
    avgSellPrice: weighted(t.sellPrice),
    avgMarketPrice: weighted(t.marketPrice),
  }).from(t).where(whereAll(filter.status ? [...conds, statusIs(filter.status)] : conds));
  const money = (v: string | null) => floor8(v ?? 0);
  return {
    count: Number(row.count),
    totalAmount: money(row.totalAmount),
    totalQuantity: money(row.totalQuantity),
    avgBuyPrice: money(row.avgBuyPrice),
    avgSellPrice: money(row.avgSellPrice),
    avgMarketPrice: money(row.avgMarketPrice),
  };
}
