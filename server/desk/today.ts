// GET /desk/today: the day so far, for the caller and (Admins) the whole desk. The rule is /profit's
// (books.ts): DONE trades with a result, on the day they were created, so today's figure is the
// same as the day's line in /profit; missed calls counted apart, never profit.
import { and, eq, gte, isNull, type SQL, sql } from "drizzle-orm";
import { dec } from "../core/decimal.shared.ts";
import { badRequest } from "../core/errors.ts";
import { msg } from "../core/messages.shared.ts";
import { transactions as t } from "../db/schema.ts";
import type { Deps } from "../deps.ts";
import { countWhere, missedCall, realized, sum8 } from "../reports/books.ts";
import { livePrices } from "../transactions/pnl.ts";
import { feesInQuote } from "./rows.ts";
import { DESK_TODAY_MAX_MS, type DeskTodayAnswer, type Today } from "./schema.shared.ts";

/** A client's clock a little ahead of ours still names today's midnight. */
const AHEAD_MS = 5 * 60_000;

export async function deskToday(
  deps: Pick<Deps, "clock" | "db" | "market">,
  userId: number,
  since: number,
  withDesk: boolean,
): Promise<DeskTodayAnswer> {
  const now = deps.clock.now().getTime();
  if (since < now - DESK_TODAY_MAX_MS || since > now + AHEAD_MS) {
    throw badRequest(msg("desk.sinceRange"), "since");
  }
  const fees = feesInQuote(livePrices(deps.market));
  const [me, desk] = await Promise.all([
    today(deps, since, fees, eq(t.userId, userId)),
    withDesk ? today(deps, since, fees) : null,
  ]);
  return { me, desk };
}

async function today(
  deps: Pick<Deps, "db">,
  since: number,
  fees: SQL,
  who?: SQL,
): Promise<Today> {
  const won = sql`${realized} and ${t.realizedPnl} > 0`;
  const [row] = await deps.db.select({
    realizedPnl: sum8(sql`${t.realizedPnl}`, realized),
    trades: countWhere(realized),
    wins: countWhere(won),
    missedCalls: countWhere(missedCall),
    fees: sum8(fees, realized),
  }).from(t).where(and(
    eq(t.status, "DONE"),
    isNull(t.orderState),
    gte(t.createdAt, new Date(since)),
    who,
  ));
  const { trades, wins } = row;
  return {
    ...row,
    winRate: trades ? dec(wins).div(trades).toFixed(4) : null,
  };
}
