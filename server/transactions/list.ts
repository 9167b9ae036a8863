// GET /transaction: BUY, SELL and ALL groups, each a page of items and its total.
// BUY and SELL are those statuses; ALL is every status, or the `status` filter when one is given.
// Items are newest first (created_at, id), read in order from the list indexes. Two queries whatever the filters: one UNION ALL for the
// three pages, one for the three totals.
//
// Totals are exact up to COUNT_CAP (500 pages of 10) and reported as COUNT_CAP with
// totalCapped: true beyond it: counting every one of a million matching rows would cost far more
// than the page itself, and nobody pages that far; narrower filters give exact totals again.
import { eq, type SQL, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import type { SessionUser } from "../auth/sessions.ts";
import type { Db } from "../db/client.ts";
import { transactions, users } from "../db/schema.ts";
import { filterConditions, whereAll } from "./filters.ts";
import type { ListQuery } from "./schema.ts";
import { toTransactionView, type TransactionView } from "./view.ts";

export const COUNT_CAP = 5_000;

export interface Group {
  items: TransactionView[];
  totalItems: number;
  /** True when there are more than totalItems (= COUNT_CAP) matching transactions. */
  totalCapped: boolean;
}

export interface TransactionList {
  BUY: Group;
  SELL: Group;
  ALL: Group;
}

const GROUPS = ["BUY", "SELL", "ALL"] as const;
/** Nulls last, as the indexes are built (the columns are never null). */
const NEWEST_FIRST = [
  sql`${transactions.createdAt} desc nulls last`,
  sql`${transactions.id} desc nulls last`,
];
const empty = (): Group => ({ items: [], totalItems: 0, totalCapped: false });

export async function listTransactions(
  db: Db,
  user: SessionUser,
  query: ListQuery,
): Promise<TransactionList> {
  const conds = await filterConditions(db, user, query);
  if (!conds) return { BUY: empty(), SELL: empty(), ALL: empty() };
  const statusOf: Record<(typeof GROUPS)[number], SQL | undefined> = {
    BUY: eq(transactions.status, "BUY"),
    SELL: eq(transactions.status, "SELL"),
    ALL: query.status ? eq(transactions.status, query.status) : undefined,
  };

  const page = (group: (typeof GROUPS)[number]) =>
    db.select({ grp: sql<string>`${group}`.as("grp"), t: transactions, username: users.username })
      .from(transactions)
      .innerJoin(users, eq(users.id, transactions.userId))
      .where(whereAll(conds, statusOf[group]))
      .orderBy(...NEWEST_FIRST)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit);
  const capped = (group: (typeof GROUPS)[number]) =>
    sql<string>`(select count(*) from (${
      db.select({ one: sql`1` }).from(transactions).where(whereAll(conds, statusOf[group]))
        .limit(COUNT_CAP + 1)
    }) capped)`;

  // Prepared (by query text, per connection): the shapes repeat, so parsing and planning are saved.
  const [rows, [totals]] = await Promise.all([
    unionAll(page("BUY"), page("SELL"), page("ALL")).prepare("transaction_list").execute(),
    db.select({ BUY: capped("BUY"), SELL: capped("SELL"), ALL: capped("ALL") })
      .from(sql`(select 1) one`).prepare("transaction_totals").execute(),
  ]);
  const group = (name: (typeof GROUPS)[number]): Group => {
    const total = Number(totals[name]);
    return {
      items: rows.filter((r) => r.grp === name).map((r) => toTransactionView(r.t, r.username)),
      totalItems: Math.min(total, COUNT_CAP),
      totalCapped: total > COUNT_CAP,
    };
  };
  return { BUY: group("BUY"), SELL: group("SELL"), ALL: group("ALL") };
}
