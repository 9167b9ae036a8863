// GET /transaction: BUY, SELL and ALL groups, each a page of items and its total.
// BUY and SELL are those statuses; ALL is every status, or the `status` filter when one is given.
// Items are newest first (created_at, id).
//
// Every status is read on its own, by its own statement, the statements side by side on the
// pool's connections: its total and the keys of its newest offset+limit rows, with the API's JSON
// of the rows its own page shows. ALL is those keys merged and those totals summed, so the BUY and
// SELL rows are read once for two groups. An ALL read straight from an index without the status
// had to step over every newer row of the other statuses, and its total had to count them again.
//
// A status's total reads the rows that match, up to COUNT_CAP + 1, from whichever index holds the
// filter's columns (a sell price range: `transactions_list_pair_sell`, only the rows in the range).
// When they are not capped, that read holds every matching row, and the newest are the top of it.
// Only a capped status is read again, in list order, from an index that starts with its scope and
// status: there the matching rows are many, so the newest come soon. A range read in list order
// would step over every newer row outside the range first: the 19,000 newest BUYs of a busy pair
// took 5.7 ms to step over, for a page of 10.
//
// PostgreSQL writes each row as the JSON the API sends (viewJsonSql) and the answer is assembled
// as text: parsing thirty rows of thirty columns and writing them out again was most of a list
// request's CPU time.
//
// Totals are exact up to COUNT_CAP (500 pages of 10) and reported as COUNT_CAP with
// totalCapped: true beyond it: counting every one of a million matching rows would cost far more
// than the page itself, and nobody pages that far; narrower filters give exact totals again.
import { type SQL, sql } from "drizzle-orm";
import type { SessionUser } from "../auth/sessions.ts";
import type { Database } from "../db/client.ts";
import { TRANSACTION_STATUSES, type TransactionStatus as Status } from "../db/enums.ts";
import {
  filterScope,
  integerArray,
  ownConditions,
  ownedBy,
  statusIs,
  testedOnEachRow,
  whereAll,
} from "./filters.ts";
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
const ORDER = sql.raw(`"created_at" desc nulls last, "id" desc nulls last`);
const KEYS = sql.raw(`"transactions"."created_at", "transactions"."id"`);

/** One of a status's newest rows: its place in list order, and its JSON when its page shows it. */
interface Newest {
  total: number;
  /** created_at in microseconds since 1970, as text; null (with id and view) when none match. */
  at: string | null;
  /** A bigint: text from postgres.js, a number from PGlite. */
  id: string | number | null;
  view: string | null;
}
type Keyed = Omit<Newest, "at" | "id"> & { at: string; id: number };

/** List order: newest first, then the higher id. */
const newestFirst = (a: Keyed, b: Keyed) => {
  const at = BigInt(b.at) - BigInt(a.at);
  return at === 0n ? b.id - a.id : at > 0n ? 1 : -1;
};

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
  const from = (query.page - 1) * query.limit;
  const limit = sql.raw(String(query.limit));
  const upTo = sql`${offset(query)} + ${limit}`;
  // With several owners (a username filter), a capped status's newest are each owner's newest from
  // their own index range, merged: one ordered scan over everyone's rows, filtered by owner, would
  // read every newer row of the other users first: tens of thousands on a busy day.
  const merged = !!userIds && userIds.length >= 2 && userIds.length <= MERGED_OWNERS_MAX;

  const owned = userIds ? [ownedBy(userIds)] : [];
  // A read in list order searches its index by owner, or else pair, and status; the rest is tested.
  const searched = !userIds && scope.pair ? [scope.pair] : [];
  const tested = (userIds || !scope.pair ? ownConditions(scope) : scope.range).map(testedOnEachRow);
  // It then steps over the rows that fail those tests: the matching rows are read instead, and
  // it only runs when they are not all read (there are many, so the newest come soon).
  const stepsOver = tested.length > 0;
  // Unless the newest come within the first few rows in list order: a probe reads that many.
  const probeRows = sql`4 * (${upTo}) + 200`;
  const name = (what: string, status: Status) => sql.raw(`"${what}_${status}"`);

  /**
   * A status's total (counting at most `upToCount` rows) and its newest rows, as CTEs, and the
   * select of its answer rows.
   */
  const statusRows = (status: Status, upToCount: SQL) => {
    const total = name("total", status);
    const matching = name("matching", status);
    const ranked = name("ranked", status);
    const where = whereAll([...owned, ...ownConditions(scope), statusIs(status)]);
    const allRead = sql`(select "n" from ${total}) < ${upToCount}`;
    const probe = name("probe", status);
    const probed = sql`(select count(*) from ${probe}) = ${upTo}`;
    const whenNotAllRead = stepsOver ? sql`and not ${probed} and not ${allRead}` : sql``;
    const inOrder = merged
      ? sql`select "transactions".* from unnest(${integerArray(userIds)}) as "owner"("user_id")
        cross join lateral (select ${KEYS} from "transactions"
          where "transactions"."user_id" = "owner"."user_id"
            and ${whereAll([...tested, statusIs(status)])}
          order by ${ORDER} limit ${upTo}) "transactions"
        where true ${whenNotAllRead} order by ${ORDER} limit ${upTo}`
      : sql`select ${KEYS} from "transactions"
        where ${whereAll([...owned, ...searched, ...tested, statusIs(status)])} ${whenNotAllRead}
        order by ${ORDER} limit ${upTo}`;
    // The first rows in list order, tested: the page when enough of them match.
    const probeCte = stepsOver
      ? sql`${probe} as materialized (select "created_at", "id" from (
            select ${KEYS}, "transactions"."pair", "transactions"."sell_price" from "transactions"
            where ${whereAll([...owned, ...searched, statusIs(status)])}
            order by ${ORDER} limit ${probeRows}) "transactions"
          where ${whereAll(tested)} order by ${ORDER} limit ${upTo}),`
      : sql``;
    const newest = stepsOver
      ? sql`(select * from ${probe} where ${probed})
        union all (select * from ${matching} where not ${probed} and ${allRead}
          order by ${ORDER} limit ${upTo})
        union all (${inOrder})`
      : inOrder;
    return {
      ctes: sql`${matching} as not materialized (
          select ${KEYS} from "transactions" where ${where} limit ${upToCount}),
        ${total} as materialized (select count(*)::int as "n" from ${matching}),
        ${probeCte}
        ${ranked} as (select *, row_number() over (order by ${ORDER}) as "place" from (${newest}) n)`,
      select: sql`select ${sql.raw(`'${status}'`)} as "status", ${total}."n" as "total",
        ${ranked}."place", ${ranked}."id",
        (extract(epoch from ${ranked}."created_at") * 1000000)::int8::text as "at",
        case when ${ranked}."place" > ${offset(query)} then (
          select ${VIEW}::text from "transactions" join "users" on "users"."id" = "transactions"."user_id"
          where "transactions"."id" = ${ranked}."id") end as "view"
        from ${total} left join ${ranked} on true`,
    };
  };

  // A status shown only in ALL (DONE, unless it is the status filter) is counted only as far as
  // ALL's total needs: up to what the statuses before it in its statement leave of COUNT_CAP + 1.
  // It is read after the last status with a group of its own, in that status's statement; the
  // others are read side by side.
  const ownGroup = (status: Status) => (GROUPS as readonly string[]).includes(status);
  const alone = read.filter((status) => ownGroup(status) || inAll.length === 1);
  const statements = alone.map((status) => [status]);
  statements.at(-1)!.push(...read.filter((status) => !alone.includes(status)));
  const rowsCap = sql.raw(String(COUNT_CAP + 1));
  const statement = (statuses: Status[]) => {
    const parts = statuses.map((status, i) => {
      const before = statuses.slice(0, i).filter((s) => inAll.includes(s));
      const counted = before.map((s) => sql`(select "n" from ${name("total", s)})`);
      return statusRows(
        status,
        counted.length ? sql`greatest(0, ${rowsCap} - ${sql.join(counted, sql` - `)})` : rowsCap,
      );
    });
    return sql`with ${sql.join(parts.map((p) => p.ctes), sql`, `)}
      ${sql.join(parts.map((p) => p.select), sql` union all `)}
      order by "status", "place"`;
  };

  const byStatus = new Map<Status, { total: number; rows: Keyed[] }>();
  await Promise.all(statements.map(async (statuses) => {
    const rows = await rawRows<Newest & { status: Status }>(database, statement(statuses));
    for (const status of statuses) {
      const own = rows.filter((r) => r.status === status);
      byStatus.set(status, {
        total: own[0].total,
        rows: own.filter((r) => r.id != null).map((r) => ({ ...r, id: Number(r.id) }) as Keyed),
      });
    }
  }));
  const total = (group: GroupName) =>
    statusesOf(group).reduce((sum, status) => sum + byStatus.get(status)!.total, 0);
  const pageOf = (group: GroupName) => {
    const statuses = statusesOf(group);
    if (statuses.length === 1) {
      return byStatus.get(statuses[0])!.rows.slice(from, from + query.limit);
    }
    // Each status is read in its own snapshot: a row whose status changed in between can be in
    // two of them, and is shown once.
    const seen = new Set<number>();
    return statuses.flatMap((status) => byStatus.get(status)!.rows).sort(newestFirst)
      .filter((row) => !seen.has(row.id) && seen.add(row.id)).slice(from, from + query.limit);
  };
  const pages = Object.fromEntries(GROUPS.map((group) => [group, pageOf(group)])) as Record<
    GroupName,
    Keyed[]
  >;
  // A row of a later ALL page may stand before its own status's page: its JSON is read now.
  const unseen = pages.ALL.filter((row) => row.view === null).map((row) => row.id);
  const views = new Map(
    unseen.length === 0 ? [] : (await rawRows<{ id: number; view: string }>(
      database,
      sql`select "transactions"."id", ${VIEW}::text as "view" from "transactions"
        join "users" on "users"."id" = "transactions"."user_id"
        where "transactions"."id" = any(${sql.param(unseen)}::bigint[])`,
    )).map((row) => [Number(row.id), row.view]),
  );
  const json = (rows: Keyed[]) => `[${rows.map((row) => row.view ?? views.get(row.id)).join(",")}]`;
  return answer(
    { BUY: json(pages.BUY), SELL: json(pages.SELL), ALL: json(pages.ALL) },
    { BUY: total("BUY"), SELL: total("SELL"), ALL: total("ALL") },
  );
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
