// GET /transaction: BUY, SELL and ALL groups, each a page of items and its total.
// BUY and SELL are those statuses; ALL is every status, or the `status` filter when one is given.
// Items are newest first (created_at, id), read in order from the list indexes. Two queries
// whatever the filters, run side by side.
//
// PostgreSQL writes each page as the JSON the API sends (viewJsonSql) and the answer is assembled
// as text: parsing thirty rows of thirty columns and writing them out again was most of a list
// request's CPU time.
//
// Totals are exact up to COUNT_CAP (500 pages of 10) and reported as COUNT_CAP with
// totalCapped: true beyond it: counting every one of a million matching rows would cost far more
// than the page itself, and nobody pages that far; narrower filters give exact totals again.
import { type SQL, sql } from "drizzle-orm";
import type { SessionUser } from "../auth/sessions.ts";
import type { Database } from "../db/client.ts";
import { filterScope, ownedBy, statusIs, whereAll } from "./filters.ts";
import { rawRows } from "../db/raw-rows.ts";
import type { ListQuery } from "./schema.ts";
import { type TransactionView, viewJsonSql } from "./view.ts";

export const COUNT_CAP = 5_000;

export interface Group {
  items: TransactionView[];
  totalItems: number;
  /** True when there are more than totalItems (= COUNT_CAP) matching transactions. */
  totalCapped: boolean;
}

/** The answer's shape (the JSON text listTransactionsJson writes). */
export interface TransactionList {
  BUY: Group;
  SELL: Group;
  ALL: Group;
}

const GROUPS = ["BUY", "SELL", "ALL"] as const;
/** Above this many matching owners a username filter is unselective: one ordered scan is cheaper. */
const MERGED_OWNERS_MAX = 50;
type GroupName = (typeof GROUPS)[number];

const VIEW = sql.raw(viewJsonSql(`"users"."username"`));
const ORDER = sql.raw(
  `"transactions"."created_at" desc nulls last, "transactions"."id" desc nulls last`,
);

/** The answer to GET /transaction as JSON text, shaped as TransactionList. */
export async function listTransactionsJson(
  database: Pick<Database, "db" | "sql">,
  user: SessionUser,
  query: ListQuery,
): Promise<string> {
  const scope = await filterScope(database.db, user, query);
  if (!scope) return answer({ BUY: "[]", SELL: "[]", ALL: "[]" }, { BUY: 0, SELL: 0, ALL: 0 });
  const { userIds } = scope;
  const conds = userIds ? [ownedBy(userIds), ...scope.conds] : scope.conds;
  const statusOf = (group: GroupName) => group === "ALL" ? query.status : group;
  const whereOf = Object.fromEntries(GROUPS.map((group) => {
    const status = statusOf(group);
    return [group, whereAll(status ? [...conds, statusIs(status)] : conds)];
  })) as Record<GroupName, SQL>;
  const limit = sql.raw(String(query.limit));
  const page = (group: GroupName) =>
    sql`(select coalesce(json_agg(p.view order by p.n), '[]')::text from (
      select ${VIEW} as view, row_number() over (order by ${ORDER}) as n
      from ${rowsOf(group)} join "users" on "users"."id" = "transactions"."user_id"
      where ${whereOf[group]}
      order by ${ORDER}
      limit ${limit} offset ${offset(query)}) p)`;
  // Several owners (a username filter): the newest of each owner from their own index range, then
  // merged. One ordered scan over everyone's rows, filtered by owner, would read every newer row of
  // the other users first: tens of thousands on a busy day.
  const rowsOf = (group: GroupName) => {
    if (!userIds || userIds.length < 2 || userIds.length > MERGED_OWNERS_MAX) {
      return sql.raw(`"transactions"`);
    }
    const status = statusOf(group);
    const own = whereAll([...scope.conds, ...status ? [statusIs(status)] : []]);
    return sql`unnest(array[${sql.join(userIds.map((id) => sql`${id}`), sql`, `)}]::integer[])
      as "owner"("id") cross join lateral (select * from "transactions"
        where "transactions"."user_id" = "owner"."id" and ${own}
        order by ${ORDER} limit ${offset(query)} + ${limit}) "transactions"`;
  };
  const capped = (group: GroupName) =>
    sql`(select count(*) from (select 1 from "transactions" where ${whereOf[group]}
      limit ${sql.raw(String(COUNT_CAP + 1))}) capped)`;

  // Two statements of about equal work, run side by side on two connections: the pages with the
  // BUY and SELL totals, and the ALL total (the longest count) alone.
  const [[first], [second]] = await Promise.all([
    rawRows<Record<GroupName, string> & { buyTotal: string; sellTotal: string }>(
      database,
      sql`select ${page("BUY")} as "BUY", ${page("SELL")} as "SELL", ${page("ALL")} as "ALL",
        ${capped("BUY")} as "buyTotal", ${capped("SELL")} as "sellTotal"`,
    ),
    rawRows<{ allTotal: string }>(database, sql`select ${capped("ALL")} as "allTotal"`),
  ]);
  return answer(first, { BUY: first.buyTotal, SELL: first.sellTotal, ALL: second.allTotal });
}

/**
 * LIMIT and, on page 1, OFFSET are written into the statement: with them as parameters PostgreSQL
 * plans every execution afresh (it cannot cost a generic plan), which took longer than running it.
 * Later pages keep OFFSET a parameter, so visiting many pages does not prepare a statement each.
 */
const offset = (query: ListQuery) =>
  query.page === 1 ? sql.raw("0") : sql`${(query.page - 1) * query.limit}`;

function answer(pages: Record<GroupName, string>, totals: Record<GroupName, string | number>) {
  const group = (name: GroupName) => {
    const total = Number(totals[name]);
    return `"${name}":{"items":${pages[name]},"totalItems":${Math.min(total, COUNT_CAP)},` +
      `"totalCapped":${total > COUNT_CAP}}`;
  };
  return `{${GROUPS.map(group).join(",")}}`;
}
