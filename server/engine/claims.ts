// What an engine that stopped being active left behind in the bot worker's claims, settled by the
// engine taking over before its worker starts, so each position is closed exactly once.
// Only rows whose owner was not told yet count: a told one already waits for a person.
import { and, eq, inArray, isNotNull, isNull, lt, ne, or, sql } from "drizzle-orm";
import { closingAccount, doneValues, stillOpen } from "../transactions/close-order.ts";
import type { Db } from "../db/client.ts";
import { transactions, users } from "../db/schema.ts";
import type { Deps } from "../deps.ts";
import { isInDoubt } from "../exchanges/adapter.ts";
import { lookUp } from "../exchanges/in-doubt.ts";
import { closeOrderId } from "../transactions/record.ts";
import { toTransactionView, type TransactionRow } from "../transactions/view.ts";

const t = transactions;
const untold = () =>
  and(
    isNotNull(t.closingSince),
    inArray(t.status, ["BUY", "SELL"]),
    or(isNull(t.closeErrorAt), lt(t.closeErrorAt, sql`${t.closingSince}`)),
  );

/**
 * Paper claims: a paper close and its record are one database transaction (bot/close-order.ts),
 * so nothing was filled and the row can be closed again. Even a cut-off engine that still runs
 * cannot record one of them now: its record needs its own claim.
 */
export async function releaseInterruptedClaims(db: Db): Promise<number> {
  const rows = await db.update(t).set({ closingSince: null })
    .where(and(untold(), eq(t.adapter, "paper")))
    .returning({ id: t.id });
  return rows.length;
}

export interface LookedUp {
  /** The exchange had filled the closing order: recorded as the close. */
  recorded: number;
  /** The exchange never took it: released, to be placed again. */
  released: number;
  /** The exchange could not be asked: left to the worker's in-doubt handling (a person). */
  unknown: number;
}

/**
 * Live claims: the order may exist, so each is looked up by its client order id (tx<id>c), with
 * the lookup schedule of an order whose answer was lost (exchanges/in-doubt.ts).
 */
export async function lookUpInterruptedClaims(
  deps: Pick<
    Deps,
    "clock" | "db" | "exchanges" | "market" | "onTransactionChanged" | "orderLookup" | "secretBox"
  >,
): Promise<LookedUp> {
  const rows = await deps.db.select().from(t).where(and(untold(), ne(t.adapter, "paper")));
  const outcomes = await Promise.all(rows.map((row) => settle(deps, row)));
  const count = (o: keyof LookedUp) => outcomes.filter((x) => x === o).length;
  return { recorded: count("recorded"), released: count("released"), unknown: count("unknown") };
}

async function settle(
  deps: Pick<
    Deps,
    "clock" | "db" | "exchanges" | "market" | "onTransactionChanged" | "orderLookup" | "secretBox"
  >,
  row: TransactionRow,
): Promise<keyof LookedUp> {
  const side = row.status === "BUY" ? "SELL" : "BUY";
  const claimed = and(stillOpen(row), eq(t.closingSince, row.closingSince!));
  try {
    const { adapter, account } = await closingAccount(deps, row);
    const order = { pair: row.pair, side, clientOrderId: closeOrderId(row.id) } as const;
    const result = await lookUp(
      adapter,
      account,
      { ...order, type: "market", quantity: row.quantity },
      "the engine closing it stopped",
      deps.orderLookup ?? {},
    );
    const target = side === "SELL" ? row.sellPrice : row.buyPrice;
    const [done] = await deps.db.update(t).set(doneValues(deps, row, side, result, target)).where(
      claimed,
    )
      .returning();
    if (!done) return "unknown";
    const [owner] = await deps.db.select({ username: users.username }).from(users)
      .where(eq(users.id, row.userId));
    deps.onTransactionChanged(toTransactionView(done, owner?.username ?? ""));
    return "recorded";
  } catch (err) {
    if (isInDoubt(err)) return "unknown";
    // Not taken by the exchange (or no account to ask with): nothing was placed.
    await deps.db.update(t).set({ closingSince: null }).where(claimed);
    return "released";
  }
}
