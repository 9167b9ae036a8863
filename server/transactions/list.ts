// GET /transaction: BUY, SELL and ALL groups, each a page of items and its total.
// BUY and SELL are those statuses; ALL is every status, or the `status` filter when one is given.
// Items are newest first (created_at, id), read in order from the list indexes. Two queries
// whatever the filters: one UNION ALL for the three pages, one for the three totals.
//
// Totals are exact up to COUNT_CAP (500 pages of 10) and reported as COUNT_CAP with
// totalCapped: true beyond it: counting every one of a million matching rows would cost far more
// than the page itself, and nobody pages that far; narrower filters give exact totals again.
import { type SQL, sql } from "drizzle-orm";
import type { SessionUser } from "../auth/sessions.ts";
import type { Database } from "../db/client.ts";
import { filterConditions, statusIs, whereAll } from "./filters.ts";
import { rawRows } from "./raw-query.ts";
import { SELECT_COLUMNS, toRow } from "./row-sql.ts";
import type { ListQuery } from "./schema.ts";
import { toTransactionView, type TransactionRow, type TransactionView } from "./view.ts";

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
type GroupName = (typeof GROUPS)[number];
const empty = (): Group => ({ items: [], totalItems: 0, totalCapped: false });

/** Every transactions column under its TypeScript name, and the owner's username. */
const COLUMNS = sql.raw(`${SELECT_COLUMNS}, "users"."username" as "username"`);

type RawRow = Record<keyof TransactionRow | "grp" | "username", unknown>;

export async function listTransactions(
  database: Pick<Database, "db" | "sql">,
  user: SessionUser,
  query: ListQuery,
): Promise<TransactionList> {
  const conds = await filterConditions(database.db, user, query);
  if (!conds) return { BUY: empty(), SELL: empty(), ALL: empty() };
  const whereOf = Object.fromEntries(GROUPS.map((group) => {
    const status = group === "ALL" ? query.status : group;
    return [group, whereAll(status ? [...conds, statusIs(status)] : conds)];
  })) as Record<GroupName, SQL>;
  const page = (group: GroupName) =>
    sql`(select ${sql.raw(`'${group}'`)} as "grp", ${COLUMNS}
      from "transactions" join "users" on "users"."id" = "transactions"."user_id"
      where ${whereOf[group]}
      order by "transactions"."created_at" desc nulls last, "transactions"."id" desc nulls last
      limit ${query.limit} offset ${(query.page - 1) * query.limit})`;
  const capped = (group: GroupName) =>
    sql`(select count(*) from (select 1 from "transactions" where ${whereOf[group]}
      limit ${COUNT_CAP + 1}) capped)`;

  const [rows, [totals]] = await Promise.all([
    rawRows<RawRow>(
      database,
      sql`${page("BUY")} union all ${page("SELL")} union all ${page("ALL")}`,
    ),
    rawRows<Record<GroupName, string>>(
      database,
      sql`select ${capped("BUY")} as "BUY", ${capped("SELL")} as "SELL", ${capped("ALL")} as "ALL"`,
    ),
  ]);
  const group = (name: GroupName): Group => {
    const total = Number(totals[name]);
    return {
      items: rows.filter((r) => r.grp === name).map((r) =>
        toTransactionView(toRow(r), r.username as string)
      ),
      totalItems: Math.min(total, COUNT_CAP),
      totalCapped: total > COUNT_CAP,
    };
  };
  return { BUY: group("BUY"), SELL: group("SELL"), ALL: group("ALL") };
}
