// The list's reads (server/transactions/list.ts): for each status a page covers, its total and the
// keys of its newest offset+limit rows, with the API's JSON of the rows its own page shows.
// A statement reads one status, or a status with a group of its own and then the statuses shown
// only in ALL; the statements run side by side on the pool's connections.
//
// A status's total counts the matching rows, up to COUNT_CAP + 1, from whichever index holds the
// filter's columns (a pair's sell price range: `transactions_list_pair_sell`, only the rows in it).
// Its newest rows are read in list order (created_at, id, newest first) from an index that starts
// with the owner, or else the pair, and the status. Whatever else the filter asks (a sell price
// range, a pair beside an owner) is tested on each index row, and that read steps over the rows
// that fail: the 19,000 newest BUYs of a busy pair, outside the range, took 5.7 ms to step over,
// for a page of 10. So with such a filter:
// - a probe reads the first few rows in list order; when enough of them match, they are the page;
// - else, when the total's read held every matching row (not capped), the newest are the top of
//   those rows;
// - else the list-order read runs: the matching rows are then many, so the newest come soon.
//
// A status shown only in ALL (DONE, unless it is the status filter) is counted only as far as
// ALL's total needs: up to what the statuses before it in its statement leave of COUNT_CAP + 1.
import { fillPlaceholders, type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Database } from "../db/client.ts";
import { TRANSACTION_STATUSES, type TransactionStatus as Status } from "../db/enums.shared.ts";
import { rawRows, textRows } from "../db/raw-rows.ts";
import {
  type Bind,
  type FilterScope,
  ownConditions,
  ownedBy,
  ownersArray,
  pairCondition,
  rangeConditions,
  statusIs,
  testedOnEachRow,
  whereAll,
} from "./filters.ts";
import type { ListQuery } from "./schema.ts";
import type { LivePrices } from "./pnl.shared.ts";
import { viewJsonSql } from "./view.ts";

export const COUNT_CAP = 5_000;

/** One of a status's newest rows, in list order. */
export interface Newest {
  /** created_at in microseconds since 1970: exact as a number until the year 2255. */
  at: number;
  id: number;
  /** Its JSON when its status's own page shows it, else null. */
  view: string | null;
}

export interface StatusRead {
  /** Capped at COUNT_CAP + 1, or less for a status shown only in ALL. */
  total: number;
  newest: Newest[];
}

export const GROUPS = ["BUY", "SELL", "ALL"] as const;
export type GroupName = (typeof GROUPS)[number];

/** The statuses a group covers: BUY and SELL their own; ALL every status, or the status filter. */
export const statusesOf = (query: ListQuery, group: GroupName): readonly Status[] =>
  group !== "ALL" ? [group] : query.status ? [query.status] : TRANSACTION_STATUSES;

/** BUY and SELL have a group of their own; DONE is shown in ALL alone. */
const ownGroup = (status: Status) => (GROUPS as readonly string[]).includes(status);

/** What one list request asks of the reads. */
interface ListReads {
  scope: FilterScope;
  query: ListQuery;
  /** The statuses ALL covers. */
  inAll: readonly Status[];
}

/** Above this many matching owners a username filter is unselective: one ordered scan is cheaper. */
const MERGED_OWNERS_MAX = 50;

const VIEW = sql.raw(viewJsonSql(`"users"."username"`, `"live"."prices"`));
/** The feeds' prices (LivePrices) that open rows are valued at, as the relation "live". */
const LIVE = sql`(select ${sql.placeholder("prices")}::jsonb as "prices") "live"`;
const ORDER = sql.raw(`"created_at" desc nulls last, "id" desc nulls last`);
const KEYS = sql.raw(`"transactions"."created_at", "transactions"."id"`);
const ROWS_CAP = sql.raw(String(COUNT_CAP + 1));

/** Raw answer rows: bigint ids are text from postgres.js, numbers from PGlite. */
type Row = Omit<Newest, "id" | "at"> & {
  status: Status;
  total: number;
  id: string | number | null;
  at: string | null;
};

/**
 * The statements' texts by the shape of the request (which filters, page 1 or not, limit,
 * statuses), their values as placeholders: building a statement with drizzle took 0.7 ms of CPU,
 * on every request. Shapes are few; the map is emptied should it ever hold MAX_SHAPES.
 */
const byShape = new Map<string, { statuses: Status[]; text: string; params: unknown[] }[]>();
const MAX_SHAPES = 1_000;
const dialect = new PgDialect();
const placeholders: Bind = (name) => sql.placeholder(name);

/** Every status the groups of `query` cover: its total and newest rows. */
export async function readStatuses(
  database: Pick<Database, "db" | "sql">,
  scope: FilterScope,
  query: ListQuery,
  prices: LivePrices,
): Promise<Map<Status, StatusRead>> {
  const reads = { scope, query, inAll: statusesOf(query, "ALL") };
  const key = JSON.stringify([shapeOf(scope), query.page === 1, query.limit, query.status]);
  let statements = byShape.get(key);
  if (!statements) {
    if (byShape.size >= MAX_SHAPES) byShape.clear();
    statements = groupStatuses(reads.inAll).map((statuses) => {
      const { sql: text, params } = dialect.sqlToQuery(statement(reads, statuses));
      return { statuses, text, params };
    });
    byShape.set(key, statements);
  }
  const values = {
    owner: scope.userIds?.[0],
    owners: scope.userIds,
    pair: scope.pair,
    start: scope.sellPriceStart,
    end: scope.sellPriceEnd,
    offset: (query.page - 1) * query.limit,
    prices: JSON.stringify(prices),
  };
  const byStatus = new Map<Status, StatusRead>();
  await Promise.all(statements.map(async ({ statuses, text, params }) => {
    const rows = await textRows<Row>(database, text, fillPlaceholders(params, values));
    for (const status of statuses) {
      const own = rows.filter((r) => r.status === status);
      byStatus.set(status, {
        total: own[0].total,
        newest: own.filter((r) => r.id !== null).map((r) => ({
          at: Number(r.at),
          id: Number(r.id),
          view: r.view,
        })),
      });
    }
  }));
  return byStatus;
}

/** The API's JSON of transactions by id. */
export async function viewsById(
  database: Pick<Database, "db" | "sql">,
  ids: number[],
  prices: LivePrices,
) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await rawRows<{ id: string | number; view: string }>(
    database,
    sql`select "transactions"."id", ${VIEW}::text as "view" from "transactions"
      join "users" on "users"."id" = "transactions"."user_id"
      cross join (select ${JSON.stringify(prices)}::jsonb as "prices") "live"
      where "transactions"."id" = any(${sql.param(ids)}::bigint[])`,
  );
  return new Map(rows.map((row) => [Number(row.id), row.view]));
}

/**
 * A status with a group of its own is read by a statement of its own; a status shown only in ALL
 * joins the last of them, after its status.
 */
function groupStatuses(inAll: readonly Status[]) {
  const read = TRANSACTION_STATUSES.filter((status) => ownGroup(status) || inAll.includes(status));
  const alone = read.filter((status) => ownGroup(status) || inAll.length === 1);
  const statements = alone.map((status) => [status]);
  statements.at(-1)!.push(...read.filter((status) => !alone.includes(status)));
  return statements;
}

/** Which filters a scope has, and how its owners are read: what its statements' texts depend on. */
function shapeOf(scope: FilterScope) {
  const owners = scope.userIds?.length ?? 0;
  return {
    owners: owners <= 1 ? owners : owners <= MERGED_OWNERS_MAX ? "merged" : "many",
    pair: !!scope.pair,
    start: !!scope.sellPriceStart,
    end: !!scope.sellPriceEnd,
  };
}

/**
 * LIMIT and, on page 1, OFFSET are written into the statement: with them as parameters PostgreSQL
 * plans every execution afresh (it cannot cost a generic plan), which took longer than running it.
 * Later pages keep OFFSET a parameter, so visiting many pages does not prepare a statement each.
 */
const offsetOf = (query: ListQuery) =>
  query.page === 1 ? sql.raw("0") : sql`${sql.placeholder("offset")}`;

const named = (what: string, status: Status) => sql.raw(`"${what}_${status}"`);

/** One statement: its statuses' answer rows, each status's in list order. */
function statement(reads: ListReads, statuses: Status[]) {
  const parts = statuses.map((status, i) => {
    const counted = statuses.slice(0, i).filter((s) => reads.inAll.includes(s))
      .map((s) => sql`(select "n" from ${named("total", s)})`);
    const upToCount = counted.length && !ownGroup(status)
      ? sql`greatest(0, ${ROWS_CAP} - ${sql.join(counted, sql` - `)})`
      : ROWS_CAP;
    return statusRows(reads, status, upToCount);
  });
  return sql`with ${sql.join(parts.map((p) => p.ctes), sql`, `)}
    ${sql.join(parts.map((p) => p.select), sql` union all `)}
    order by "status", "place"`;
}

/** A status's total (counting at most `upToCount` rows) and newest rows: CTEs, and its select. */
function statusRows({ scope, query }: ListReads, status: Status, upToCount: SQL) {
  const { userIds } = scope;
  const offset = offsetOf(query);
  const upTo = sql`${offset} + ${sql.raw(String(query.limit))}`;
  // With several owners (a username filter), the newest are each owner's newest from their own
  // index range, merged: one ordered scan over everyone's rows, filtered by owner, would read
  // every newer row of the other users first: tens of thousands on a busy day.
  const merged = !!userIds && userIds.length >= 2 && userIds.length <= MERGED_OWNERS_MAX;
  const owned = userIds ? [ownedBy(userIds, placeholders)] : [];
  const searched = userIds ? [] : pairCondition(scope, placeholders);
  const tested =
    (userIds ? ownConditions(scope, placeholders) : rangeConditions(scope, placeholders))
      .map(testedOnEachRow);
  const stepsOver = tested.length > 0;
  // Merged owners' rows are not in one list-order range, so there is nothing cheap to probe.
  const probing = stepsOver && !merged;

  const total = named("total", status);
  const matching = named("matching", status);
  const probe = named("probe", status);
  const ranked = named("ranked", status);
  const allRead = sql`(select "n" from ${total}) < ${upToCount}`;
  const probed = probing ? sql`(select count(*) from ${probe}) = ${upTo}` : sql`false`;
  const otherwise = stepsOver ? sql`and not ${probed} and not ${allRead}` : sql``;
  const inOrder = merged
    ? sql`select "transactions".* from unnest(${
      ownersArray(userIds, placeholders)
    }) as "owner"("user_id")
      cross join lateral (select ${KEYS} from "transactions"
        where "transactions"."user_id" = "owner"."user_id"
          and ${whereAll([...tested, statusIs(status)])}
        order by ${ORDER} limit ${upTo}) "transactions"
      where true ${otherwise} order by ${ORDER} limit ${upTo}`
    : sql`select ${KEYS} from "transactions"
      where ${whereAll([...owned, ...searched, ...tested, statusIs(status)])} ${otherwise}
      order by ${ORDER} limit ${upTo}`;
  const newest = stepsOver
    ? sql`${probing ? sql`(select * from ${probe} where ${probed}) union all ` : sql``}
      (select * from ${matching} where not ${probed} and ${allRead} order by ${ORDER} limit ${upTo})
      union all (${inOrder})`
    : inOrder;
  // The first rows in list order, up to four pages' worth and 200 more, tested.
  const probeCte = probing
    ? sql`${probe} as materialized (select "created_at", "id" from (
          select ${KEYS}, "transactions"."pair", "transactions"."sell_price" from "transactions"
          where ${whereAll([...owned, ...searched, statusIs(status)])}
          order by ${ORDER} limit 4 * (${upTo}) + 200) "transactions"
        where ${whereAll(tested)} order by ${ORDER} limit ${upTo}),`
    : sql``;
  const where = whereAll([...owned, ...ownConditions(scope, placeholders), statusIs(status)]);
  return {
    ctes: sql`${matching} as not materialized (
        select ${KEYS} from "transactions" where ${where} limit ${upToCount}),
      ${total} as materialized (select count(*)::int as "n" from ${matching}),
      ${probeCte}
      ${ranked} as (select *, row_number() over (order by ${ORDER}) as "place" from (${newest}) n)`,
    select: sql`select ${sql.raw(`'${status}'`)} as "status", ${total}."n" as "total",
      ${ranked}."place", ${ranked}."id",
      (extract(epoch from ${ranked}."created_at") * 1000000)::int8::text as "at",
      case when ${ranked}."place" > ${offset} then (
        select ${VIEW}::text from "transactions" join "users" on "users"."id" = "transactions"."user_id"
        cross join ${LIVE} where "transactions"."id" = ${ranked}."id") end as "view"
      from ${total} left join ${ranked} on true`,
  };
}
