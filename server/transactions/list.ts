// GET /transaction: BUY, SELL and ALL groups, each a page of items and its total.
// BUY and SELL are those statuses; ALL is every status, or the `status` filter when one is given.
// Items are newest first (created_at, id) so each group reads one index range; one counting query
// serves the three totals.
import { desc, eq, type SQL, sql } from "drizzle-orm";
import type { SessionUser } from "../auth/sessions.ts";
import type { Db } from "../db/client.ts";
import { transactions, users } from "../db/schema.ts";
import { filterConditions, whereAll } from "./filters.ts";
import type { ListQuery } from "./schema.ts";
import { toTransactionView, type TransactionView } from "./view.ts";

export interface Group {
  items: TransactionView[];
  totalItems: number;
}

export interface TransactionList {
  BUY: Group;
  SELL: Group;
  ALL: Group;
}

const empty = (): Group => ({ items: [], totalItems: 0 });

export async function listTransactions(
  db: Db,
  user: SessionUser,
  query: ListQuery,
): Promise<TransactionList> {
  const conds = await filterConditions(db, user, query);
  if (!conds) return { BUY: empty(), SELL: empty(), ALL: empty() };
  const statusIs = (s: "BUY" | "SELL" | "DONE") => eq(transactions.status, s);
  const allStatus = query.status ? statusIs(query.status) : undefined;
  const page = (extra?: SQL) =>
    db.select({ t: transactions, username: users.username }).from(transactions)
      .innerJoin(users, eq(users.id, transactions.userId))
      .where(whereAll(conds, extra))
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit);
  const count = (cond: SQL) => sql<string>`count(*) filter (where ${cond})`;
  const [[totals], buy, sell, all] = await Promise.all([
    db.select({
      buy: count(statusIs("BUY")),
      sell: count(statusIs("SELL")),
      all: allStatus ? count(allStatus) : sql<string>`count(*)`,
    }).from(transactions).where(whereAll(conds)),
    page(statusIs("BUY")),
    page(statusIs("SELL")),
    page(allStatus),
  ]);
  const group = (rows: typeof buy, total: string): Group => ({
    items: rows.map((r) => toTransactionView(r.t, r.username)),
    totalItems: Number(total),
  });
  return {
    BUY: group(buy, totals.buy),
    SELL: group(sell, totals.sell),
    ALL: group(all, totals.all),
  };
}
