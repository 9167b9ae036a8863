// The one check every order path makes around the order it sends (server/transactions/open.ts):
// manual and call orders, the bot follow-up's extras and multi-account bot orders alike. Halts and
// limits are read from the database on every order, so a halt set on any instance holds on all
// of them at once and survives restarts.
import { and, eq, gte, sql } from "drizzle-orm";
import { dec, type DecimalInput } from "../core/decimal.shared.ts";
import { transactions } from "../db/schema.ts";
import { textRows } from "../db/raw-rows.ts";
import type { Deps } from "../deps.ts";
import { exchangeTitle } from "../exchanges/pairs.shared.ts";
import { oneAtATime, type Scoped } from "./day-lock.ts";
import { TradingRefused } from "./refusal.ts";

/** Broadest first: the refusal names the widest halt that applies. */
const SCOPE_ORDER = { all: 0, exchange: 1, user: 2 } as const;

export interface OrderToCheck {
  userId: number;
  exchange: string;
  /** In the quote currency, as recorded on the transaction. */
  amount: string;
}

/**
 * Runs `open` (place and record the order) once no halt or limit refuses it. Under a daily maximum
 * the user's orders on the exchange go one at a time, so their total cannot pass it.
 */
export async function openIfAllowed<T>(
  deps: Pick<Deps, "clock" | "database" | "db">,
  order: OrderToCheck,
  open: (scoped: Scoped) => Promise<T>,
) {
  const { halts, limit } = await haltsAndLimit(deps, order);
  assertNotHalted(halts, order);
  const maxPerDay = assertPerOrder(limit, order);
  if (!maxPerDay) return await open(deps.database);
  return await oneAtATime(deps.database, order.userId, order.exchange, async (scoped) => {
    await assertPerDay({ clock: deps.clock, db: scoped.db }, order, maxPerDay);
    return await open(scoped);
  });
}

/**
 * openIfAllowed in the order's own statement when nothing applies, as nearly always: `open`
 * writes under the `guard` CTE clearGuard gives it, a row only when no halt applies and the user
 * has no limit on the exchange (issue 31: the order is one round trip). When something did, it
 * wrote nothing and answers NOT_CLEAR; the checks then run as openIfAllowed runs them.
 */
export async function openIfClear<T>(
  deps: Pick<Deps, "clock" | "database" | "db">,
  order: OrderToCheck,
  open: (scoped: Scoped, clear?: ClearGuard) => Promise<T | typeof NOT_CLEAR>,
): Promise<T> {
  const first = await open(deps.database, clearGuard(order));
  if (first !== NOT_CLEAR) return first;
  return await openIfAllowed(deps, order, async (scoped) => {
    const opened = await open(scoped);
    if (opened === NOT_CLEAR) throw new Error("An order without its guard answered NOT_CLEAR");
    return opened;
  });
}

export const NOT_CLEAR = Symbol("not clear");

/** A CTE for an order's statement (its parameters numbered from `first`), and its parameters. */
export interface ClearGuard {
  cte(first: number): string;
  params: unknown[];
}

/**
 * SQL that holds when no halt applies to an order on `exchange` (text) by `user` (integer) and the
 * user has no limit on it: expressions, e.g. parameters or a row's columns.
 *
 * The limits are looked up by each order's own key: `offset 0` keeps PostgreSQL from turning the
 * lookup into a join, which for a batch's rows (planned as 100) it ran as a scan of every user's
 * limits (tests/api/fill-batch-plan.test.ts). The active halts are a few rows of a partial index.
 */
export const clearSql = (exchange: string, user: string) =>
  `not exists (select 1 from "trading_halts"
      where "released_at" is null and ("scope" = 'all'
        or ("scope" = 'exchange' and "exchange"::text = ${exchange})
        or ("scope" = 'user' and "user_id" = ${user})))
    and not exists (select 1 from "trading_limits"
      where "user_id" = ${user} and "exchange"::text = ${exchange} offset 0)`;

/** `guard` holds a row when no halt applies to the order and the user has no limit on it. */
function clearGuard(order: OrderToCheck): ClearGuard {
  return {
    cte: (n) => `"guard" as (select 1 where ${clearSql(`$${n}`, `$${n + 1}::integer`)})`,
    params: [order.exchange, order.userId],
  };
}

/**
 * The halts that apply to the order and the user's limits on its exchange: one prepared
 * statement, one round trip of every order's three (issue 31). Amounts as text: exact.
 */
const HALTS_AND_LIMIT = `select
    (select json_agg(json_build_object('scope', "scope", 'reason', "reason"))
      from "trading_halts" where "released_at" is null and ("scope" = 'all'
        or ("scope" = 'exchange' and "exchange"::text = $1)
        or ("scope" = 'user' and "user_id" = $2))) as "halts",
    (select json_build_object('maxPerOrder', "max_per_order"::text,
        'maxPerDay', "max_per_day"::text)
      from "trading_limits" where "user_id" = $2 and "exchange"::text = $1) as "limit"`;

interface HaltSeen {
  scope: keyof typeof SCOPE_ORDER;
  reason: string;
}

interface LimitSeen {
  maxPerOrder: string | null;
  maxPerDay: string | null;
}

async function haltsAndLimit(deps: Pick<Deps, "database">, order: OrderToCheck) {
  const [row] = await textRows<
    { halts: HaltSeen[] | string | null; limit: LimitSeen | string | null }
  >(
    deps.database,
    HALTS_AND_LIMIT,
    [order.exchange, order.userId],
  );
  // postgres.js parses json; PGlite too, but a driver that answers text is read the same.
  const parse = <T>(v: T | string | null): T | null => typeof v === "string" ? JSON.parse(v) : v;
  return { halts: parse(row.halts) ?? [], limit: parse(row.limit) };
}

function assertNotHalted(halts: HaltSeen[], order: OrderToCheck) {
  const halt = halts.sort((a, b) => SCOPE_ORDER[a.scope] - SCOPE_ORDER[b.scope])[0];
  if (halt) {
    throw new TradingRefused(halt.scope, {
      reason: halt.reason,
      exchange: exchangeTitle(order.exchange),
    });
  }
}

/**
 * The halts that stop the bot's closes on one exchange: read on every scan, so one prepared
 * statement (a drizzle query was built anew each time) on the unreleased halts' partial index.
 */
const CLOSING_HALTS = `select "scope", "user_id" as "userId" from "trading_halts"
  where "released_at" is null and "stops_closing"
    and ("scope" in ('all', 'user') or ("scope" = 'exchange' and "exchange"::text = $1))`;

/** What the bot worker may not close on one exchange: everything, or these users' rows. */
export async function closingHalts(deps: Pick<Deps, "database">, exchange: string) {
  const halts = await textRows<{ scope: keyof typeof SCOPE_ORDER; userId: number | null }>(
    deps.database,
    CLOSING_HALTS,
    [exchange],
  );
  return {
    all: halts.some((h) => h.scope !== "user"),
    users: halts.flatMap((h) => h.userId === null ? [] : [h.userId]),
  };
}

/** Answers the user's daily maximum on the exchange, if any. */
function assertPerOrder(limit: LimitSeen | null, order: OrderToCheck) {
  if (limit?.maxPerOrder && dec(order.amount).gt(limit.maxPerOrder)) {
    throw new TradingRefused("perOrder", {
      exchange: exchangeTitle(order.exchange),
      amount: plain(order.amount),
      max: plain(limit.maxPerOrder),
    });
  }
  return limit?.maxPerDay ?? null;
}

async function assertPerDay(
  deps: Pick<Deps, "clock" | "db">,
  order: OrderToCheck,
  maxPerDay: string,
) {
  const total = dec(order.amount).add(await todaysTotal(deps, order));
  if (total.gt(maxPerDay)) {
    throw new TradingRefused("perDay", {
      exchange: exchangeTitle(order.exchange),
      amount: plain(order.amount),
      total: plain(total),
      max: plain(maxPerDay),
    });
  }
}

/** "500", not "500.00000000": the stored scale is noise in a sentence. */
const plain = (v: DecimalInput) => dec(v).toString();

/** The amounts of the user's transactions on the exchange since 00:00 UTC. */
async function todaysTotal(deps: Pick<Deps, "clock" | "db">, order: OrderToCheck) {
  const now = deps.clock.now();
  const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const t = transactions;
  const [row] = await deps.db.select({ total: sql<string | null>`sum(${t.amount})` }).from(t)
    .where(and(
      eq(t.userId, order.userId),
      sql`${t.exchange}::text = ${order.exchange}`,
      gte(t.createdAt, dayStart),
    ));
  return row?.total ?? "0";
}
