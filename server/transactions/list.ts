// GET /transaction: BUY, SELL and ALL groups, each a page of items and its total.
// BUY and SELL are those statuses; ALL is every status, or the `status` filter when one is given.
// Items are newest first (created_at, id).
//
// Every status is read on its own, from the list indexes that start with it (or with the owner
// and it): its newest rows, its total. ALL is then those statuses' newest rows merged and the sum
// of their totals, so the BUY and SELL rows are read once for two groups. An ALL read straight
// from an index without the status had to step over every newer row of the other statuses, and
// its total had to count them again.
//
// PostgreSQL writes each page as the JSON the API sends (viewJsonSql) and the answer is assembled
// as text: parsing thirty rows of thirty columns and writing them out again was most of a list
// request's CPU time.
//
// Totals are exact up to COUNT_CAP (500 pages of 10) and reported as COUNT_CAP with
// totalCapped: true beyond it: counting every one of a million matching rows would cost far more
// than the page itself, and nobody pages that far; narrower filters give exact totals again.
import { sql } from "drizzle-orm";
import type { SessionUser } from "../auth/sessions.ts";
import type { Database } from "../db/client.ts";
import { TRANSACTION_STATUSES, type TransactionStatus as Status } from "../db/enums.ts";
import { filterScope, ownedBy, ownerArray, statusIs, whereAll } from "./filters.ts";
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
type GroupName = (typeof GROUPS)[number];
/** Above this many matching owners a username filter is unselective: one ordered scan is cheaper. */
const MERGED_OWNERS_MAX = 50;

const VIEW = sql.raw(viewJsonSql(`"users"."username"`));
const ORDER = sql.raw(
  `"transactions"."created_at" desc nulls last, "transactions"."id" desc nulls last`,
);
/** The statement's name for a status's newest rows. */
const newest = (status: Status) => sql.raw(`"newest_${status}"`);

/** The answer to GET /transaction as JSON text, shaped as TransactionList. */
export async function listTransactionsJson(
  database: Pick<Database, "db" | "sql">,
  user: SessionUser,
  query: ListQuery,
): Promise<string> {
  const inAll: readonly Status[] = query.status ? [query.status] : TRANSACTION_STATUSES;
  const statusesOf = (group: GroupName) => group === "ALL" ? inAll : [group];
  const scope = await filterScope(database.db, user, query);
  if (!scope) return answer({ BUY: "[]", SELL: "[]", ALL: "[]" }, { BUY: 0, SELL: 0, ALL: 0 });
  const read = TRANSACTION_STATUSES.filter((status) =>
    GROUPS.some((g) => statusesOf(g).includes(status))
  );
  const { userIds } = scope;
  const whereOf = (status: Status) =>
    whereAll([...userIds ? [ownedBy(userIds)] : [], ...scope.conds, statusIs(status)]);
  const limit = sql.raw(String(query.limit));
  const upTo = sql`${offset(query)} + ${limit}`;
  // A page needs at most offset + limit rows of each status it covers. With several owners (a
  // username filter), each owner's newest from their own index range, merged: one ordered scan over
  // everyone's rows, filtered by owner, would read every newer row of the other users first: tens
  // of thousands on a busy day.
  const merged = !!userIds && userIds.length >= 2 && userIds.length <= MERGED_OWNERS_MAX;
  const newestOf = (status: Status) => {
    if (!merged) {
      return sql`select * from "transactions" where ${whereOf(status)}
        order by ${ORDER} limit ${upTo}`;
    }
    const own = whereAll([...scope.conds, statusIs(status)]);
    return sql`select "transactions".* from unnest(${ownerArray(userIds)}) as "owner"("id")
      cross join lateral (select * from "transactions"
        where "transactions"."user_id" = "owner"."id" and ${own}
        order by ${ORDER} limit ${upTo}) "transactions"
      order by ${ORDER} limit ${upTo}`;
  };
  const newestRows = sql.join(
    read.map((status) => sql`${newest(status)} as (${newestOf(status)})`),
    sql`, `,
  );
  const page = (group: GroupName) => {
    const rows = sql.join(
      statusesOf(group).map((status) => sql`select * from ${newest(status)}`),
      sql` union all `,
    );
    return sql`(select coalesce(json_agg(p.view order by p.n), '[]')::text from (
      select ${VIEW} as view, row_number() over (order by ${ORDER}) as n
      from (${rows}) "transactions" join "users" on "users"."id" = "transactions"."user_id"
      order by ${ORDER}
      limit ${limit} offset ${offset(query)}) p)`;
  };
  const capped = (status: Status) =>
    sql`(select count(*) from (select 1 from "transactions" where ${whereOf(status)}
      limit ${sql.raw(String(COUNT_CAP + 1))}) capped) as ${sql.raw(`"${status}"`)}`;

  // The pages and the totals, side by side on two connections.
  const [[pages], [totals]] = await Promise.all([
    rawRows<Record<GroupName, string>>(
      database,
      sql`with ${newestRows} select ${page("BUY")} as "BUY", ${page("SELL")} as "SELL",
        ${page("ALL")} as "ALL"`,
    ),
    rawRows<Record<Status, string>>(database, sql`select ${sql.join(read.map(capped), sql`, `)}`),
  ]);
  const total = (group: GroupName) =>
    statusesOf(group).reduce((sum, status) => sum + Number(totals[status]), 0);
  return answer(pages, { BUY: total("BUY"), SELL: total("SELL"), ALL: total("ALL") });
}

/**
 * LIMIT and, on page 1, OFFSET are written into the statement: with them as parameters PostgreSQL
 * plans every execution afresh (it cannot cost a generic plan), which took longer than running it.
 * Later pages keep OFFSET a parameter, so visiting many pages does not prepare a statement each.
 */
const offset = (query: ListQuery) =>
  query.page === 1 ? sql.raw("0") : sql`${(query.page - 1) * query.limit}`;

function answer(pages: Record<GroupName, string>, totals: Record<GroupName, number>) {
  const group = (name: GroupName) => {
    const total = totals[name];
    return `"${name}":{"items":${pages[name]},"totalItems":${Math.min(total, COUNT_CAP)},` +
      `"totalCapped":${total > COUNT_CAP}}`;
  };
  return `{${GROUPS.map(group).join(",")}}`;
}
