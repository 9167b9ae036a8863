// Who sees which transactions, and the list filters (docs/trading.md#list-filters), as SQL
// conditions. Users, Leads: their own. Admin and SuperAdmin: everyone's with viewAll (else their
// own too).
import { and, type SQL, sql, type SQLWrapper } from "drizzle-orm";
import type { SessionUser } from "../auth/sessions.ts";
import type { Db } from "../db/client.ts";
import { TRANSACTION_STATUSES, type TransactionStatus } from "../db/enums.shared.ts";
import { users } from "../db/schema.ts";
import { can } from "../auth/roles.shared.ts";
import type { TransactionFilter } from "./schema.ts";

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Columns as plain SQL text: these conditions are rendered on every list request. */
const column = (name: string) => sql.raw(`"transactions"."${name}"`);

/** Whose transactions a filter covers, and what else it asks of them (status excluded). */
export interface FilterScope {
  /** The owners it is limited to; undefined: everyone's (viewAll without username). */
  userIds?: number[];
  pair?: string;
  sellPriceStart?: string;
  sellPriceEnd?: string;
}

/** The scope of a filter; null when nothing can match. */
export async function filterScope(
  db: Db,
  user: SessionUser,
  filter: TransactionFilter,
): Promise<FilterScope | null> {
  let userIds: number[] | undefined;
  const name = filter.username?.toLowerCase();
  if (filter.viewAll && can(user.role, "transactions.viewAll")) {
    if (name) {
      // The users table is small: resolve names first, then use the user_id indexes.
      const rows = await db.select({ id: users.id }).from(users)
        .where(sql`lower(${users.username}) like ${`%${escapeLike(name)}%`}`);
      if (rows.length === 0) return null;
      userIds = rows.map((r) => r.id);
    }
  } else {
    if (name && !user.username.toLowerCase().includes(name)) return null;
    userIds = [user.id];
  }
  const { pair, sellPriceStart, sellPriceEnd } = filter;
  return { userIds, pair, sellPriceStart, sellPriceEnd };
}

/**
 * How a scope's values enter a statement: as parameters (`asValues`), or as drizzle placeholders
 * of a statement kept by its shape and filled per request.
 */
export type Bind = (
  name: "owner" | "owners" | "pair" | "start" | "end",
  value: unknown,
) => SQLWrapper;
export const asValues: Bind = (_name, value) => sql.param(value);

/**
 * Several owners are one array parameter: the statement's text then does not change with how many
 * there are, and each connection prepares it once.
 */
export const ownersArray = (userIds: number[], bind: Bind = asValues) =>
  sql`${bind("owners", userIds)}::integer[]`;

export const ownedBy = (userIds: number[], bind: Bind = asValues) =>
  userIds.length === 1
    ? sql`${column("user_id")} = ${bind("owner", userIds[0])}`
    : sql`${column("user_id")} = any(${ownersArray(userIds, bind)})`;

export const pairCondition = (scope: FilterScope, bind: Bind = asValues) =>
  scope.pair ? [sql`${column("pair")} = ${bind("pair", scope.pair)}`] : [];

/** The sell price range: a condition a bound. */
export function rangeConditions(scope: FilterScope, bind: Bind = asValues) {
  const conds: SQL[] = [];
  const price = column("sell_price");
  if (scope.sellPriceStart) conds.push(sql`${price} >= ${bind("start", scope.sellPriceStart)}`);
  if (scope.sellPriceEnd) conds.push(sql`${price} <= ${bind("end", scope.sellPriceEnd)}`);
  return conds;
}

/** A scope's conditions on the row itself (pair, sell price range). */
export const ownConditions = (scope: FilterScope, bind: Bind = asValues) => [
  ...pairCondition(scope, bind),
  ...rangeConditions(scope, bind),
];

/**
 * The same test, but not one an index can search by: each index row is tested instead. A read in
 * list order must take the index in list order; offered an index that finds every match, the
 * planner may read them all and sort, which it estimates cheap from a generic plan's guess.
 */
export const testedOnEachRow = (cond: SQL) => sql`(${cond}) is true`;

/** The conditions of a filter, status excluded; null when nothing can match. */
export async function filterConditions(
  db: Db,
  user: SessionUser,
  filter: TransactionFilter,
): Promise<SQL[] | null> {
  const scope = await filterScope(db, user, filter);
  if (!scope) return null;
  return [...scope.userIds ? [ownedBy(scope.userIds)] : [], ...ownConditions(scope)];
}

/**
 * Written into the statement, not a parameter: there are three, and each wants its own plan (BUY
 * is a tenth of the rows, DONE most of them), which a generic plan over a parameter cannot give.
 */
export function statusIs(status: TransactionStatus) {
  if (!TRANSACTION_STATUSES.includes(status)) throw new Error(`not a status: ${status}`);
  return sql.raw(`"transactions"."status" = '${status}'`);
}

export const whereAll = (conds: SQL[]) => and(...conds) ?? sql`true`;
