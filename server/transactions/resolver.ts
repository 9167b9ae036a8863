// The order resolver: settles opening orders recorded as pending (open.ts) because their answer
// was lost and the lookups inside the request could not tell. It asks the exchange again by the
// row's client order id (tx<id>), waiting longer each time, and records the real outcome:
// - found filled: the fill (quantity, average price, fee) and the exchange's order id; the row is
//   then a trade like any other (the bot closes it, profits count it);
// - the exchange answers it has no such order (or cancelled it): "refused";
// - still unknown after RESOLVE_BOUND_MS: "unknown", the note naming the exchange and the client
//   order id to check, and the owner told.
// It runs on the engine (engine/engine.ts, beside the bot worker), so one instance settles at a
// time; each write is conditional on the row still pending, so a row settled twice is not changed.
import { and, asc, eq, lte } from "drizzle-orm";
import { closingAccount, Refused } from "./close-order.ts";
import { transactions, users } from "../db/schema.ts";
import type { Deps } from "../deps.ts";
import { ExchangeError, type OrderResult } from "../exchanges/adapter.ts";
import { exchangeTitle } from "../exchanges/pairs.shared.ts";
import { openingFill, openOrderId } from "./record.ts";
import { toTransactionView, type TransactionRow } from "./view.ts";
import { Periodic, type PeriodicOptions } from "../core/periodic.ts";

/** The first wait; each next one is as long as the order has been pending, up to the longest. */
export const FIRST_CHECK_MS = 5_000;
export const LONGEST_CHECK_MS = 10 * 60_000;
/** After this the exchange is not asked again: a person checks (Gate keeps text lookups short). */
export const RESOLVE_BOUND_MS = 24 * 60 * 60_000;
export const RESOLVER_TICK_MS = 5_000;
/** Rows looked up per pass, oldest due first. */
const BATCH = 50;

/** When a row pending since `since` is looked up next, asked at `now`: backoff by its age. */
export function nextCheckAt(since: Date, now: Date) {
  const wait = Math.min(
    LONGEST_CHECK_MS,
    Math.max(FIRST_CHECK_MS, now.getTime() - since.getTime()),
  );
  return new Date(now.getTime() + wait);
}

export interface Settled {
  filled: number;
  refused: number;
  unknown: number;
  /** Asked and still unable to tell: checked again later. */
  waiting: number;
}

type Outcome = keyof Settled;

export type OrderResolverOptions = PeriodicOptions;

export class OrderResolver extends Periodic {
  constructor(
    private deps: Pick<
      Deps,
      "clock" | "db" | "exchanges" | "onTradeError" | "onTransactionChanged" | "secretBox"
    >,
    opts: OrderResolverOptions = {},
  ) {
    super("order resolver", RESOLVER_TICK_MS, opts);
  }

  protected pass() {
    return this.settleDue();
  }

  /** Looks up every pending row that is due (by the injected clock) once. */
  async settleDue(): Promise<Settled> {
    const t = transactions;
    const now = this.deps.clock.now();
    const rows = await this.deps.db.select().from(t)
      .where(and(eq(t.orderState, "pending"), lte(t.orderCheckAt, now)))
      .orderBy(asc(t.orderCheckAt)).limit(BATCH);
    const settled: Settled = { filled: 0, refused: 0, unknown: 0, waiting: 0 };
    for (const row of rows) settled[await this.settle(row, now)]++;
    return settled;
  }

  private async settle(row: TransactionRow, now: Date): Promise<Outcome> {
    const clientOrderId = openOrderId(row.id);
    const exchange = exchangeTitle(row.exchange);
    let found: OrderResult | null;
    try {
      const { adapter, account } = await closingAccount(this.deps, row);
      found = await adapter.findOrder(account, row.pair, clientOrderId);
    } catch (err) {
      // Keys gone, exchange down or refusing the lookup itself: it still cannot tell.
      if (!(err instanceof Refused) && !(err instanceof ExchangeError)) throw err;
      return await this.wait(row, now, (err as Error).message);
    }
    if (found && found.status !== "cancelled") {
      await this.write(row, {
        ...openingFill(found, row),
        orderState: null,
        orderNote: null,
        orderCheckAt: null,
      }, "filled");
      return "filled";
    }
    const note = found
      ? `${exchange} cancelled order ${clientOrderId}`
      : `${exchange} did not take order ${clientOrderId} (${row.orderNote})`;
    await this.write(row, { orderState: "refused", orderNote: note, orderCheckAt: null }, note);
    return "refused";
  }

  private async wait(row: TransactionRow, now: Date, reason: string): Promise<Outcome> {
    if (now.getTime() - row.createdAt.getTime() < RESOLVE_BOUND_MS) {
      await this.deps.db.update(transactions)
        .set({ orderCheckAt: nextCheckAt(row.createdAt, now) })
        .where(and(eq(transactions.id, row.id), eq(transactions.orderState, "pending")));
      return "waiting";
    }
    const clientOrderId = openOrderId(row.id);
    const exchange = exchangeTitle(row.exchange);
    const note = `${exchange} could not tell within 24 hours whether it took order ` +
      `${clientOrderId} (${reason}). Check the order with client order id ${clientOrderId} on ` +
      `${exchange}: if it filled, set this transaction's status; if not, delete it.`;
    await this.write(row, { orderState: "unknown", orderNote: note, orderCheckAt: null }, note);
    return "unknown";
  }

  /** Writes the outcome while the row is still pending, and tells its owner. */
  private async write(
    row: TransactionRow,
    values: Partial<typeof transactions.$inferInsert>,
    told: "filled" | string,
  ) {
    const t = transactions;
    const [changed] = await this.deps.db.update(t)
      .set({ ...values, updatedAt: this.deps.clock.now() })
      .where(and(eq(t.id, row.id), eq(t.orderState, "pending"))).returning();
    if (!changed) return;
    const [owner] = await this.deps.db.select({ username: users.username }).from(users)
      .where(eq(users.id, row.userId));
    this.deps.onTransactionChanged(toTransactionView(changed, owner?.username ?? ""));
    if (told === "filled") return;
    this.deps.onTradeError(row.userId, {
      action: openingSide(row),
      transactionId: row.id,
      message: told,
    });
  }
}

/** The side of a row's opening order (a DONE row was opened by only_buy or only_sell). */
const openingSide = (row: TransactionRow): "BUY" | "SELL" =>
  row.status === "DONE" ? (row.useBot === "only_sell" ? "SELL" : "BUY") : row.status;
