// The bot worker (docs/trading.md#the-bot-worker): a BUY in buy_sell mode sells once the market
// reaches its sellPrice; a SELL in sell_buy mode buys back once the market falls to its buyPrice.
// The transaction then becomes DONE with the closing order's id, fill price and time.
//
// Never twice: all state is in the database. A worker claims one row at a time with a conditional
// UPDATE (closing_since set, FOR UPDATE SKIP LOCKED), so two workers never close the same row and
// a worker that dies holds at most the one it was closing; the final UPDATE needs the status still
// open, so a row becomes DONE once. The closing order's clientOrderId is tx<id>c.
// - The exchange refused the order (4xx, paper, no keys), or its answer was lost and the lookup by
//   client order id (exchanges/in-doubt.ts) found none: nothing was placed; the claim is released
//   and the row retried after RETRY_AFTER_MS; the owner is told (BUY_ERROR / SELL_ERROR). A lost
//   answer whose lookup found the fill is recorded like any other.
// - Paper closes are one statement (close-order.ts): a database failure (deadlock victim, outage)
//   placed nothing, so the claim is released at once, untold; a paper claim older than
//   PAPER_CLAIM_TIMEOUT_MS (its worker died) goes back to the queue the same way.
// - A live exchange that could not tell even when asked again (InDoubtError), or a live claim
//   older than CLAIM_TIMEOUT_MS (its worker died between placing and recording): the order may
//   exist. Sending it again could sell twice (Binance and Gate accept a reused client id once the
//   first order is filled), so the row is left claimed and its owner told once to check the
//   exchange and set the status by hand; set-status and set-done release it.
import { and, asc, eq, gte, inArray, isNull, lt, lte, notInArray, or, sql } from "drizzle-orm";
import { transactions, users } from "../db/schema.ts";
import type { Deps } from "../deps.ts";
import { ExchangeError } from "../exchanges/adapter.ts";
import { InDoubtError } from "../exchanges/in-doubt.ts";
import { sayingOf } from "../exchanges/refusals.ts";
import { msg, type Saying, wrapping } from "../core/messages.shared.ts";
import type { MarketExchange, Pair, PriceTick } from "../market/feed.shared.ts";
import { exchangeTitle } from "../exchanges/pairs.shared.ts";
import { closingHalts } from "../trading-halts/guard.ts";
import { closeOrderId } from "../transactions/record.ts";
import { toTransactionView, type TransactionRow } from "../transactions/view.ts";
import {
  closesInDatabase,
  closeTransaction,
  Refused,
  stillOpen,
} from "../transactions/close-order.ts";
import { logError } from "../core/log-error.ts";

export const RETRY_AFTER_MS = 30_000;
export const CLAIM_TIMEOUT_MS = 120_000;
/** Longer than any one paper close can take (a statement's time limit, retries included). */
export const PAPER_CLAIM_TIMEOUT_MS = 15_000;

/** What the worker reads: the feeds, the database, and what closing an order on an account takes. */
export type BotWorkerDeps = Pick<
  Deps,
  | "clock"
  | "db"
  | "exchanges"
  | "market"
  | "onTradeError"
  | "onTransactionChanged"
  | "orderLookup"
  | "secretBox"
>;

export interface BotWorkerOptions {
  log?: (message: string, err?: unknown) => void;
}

export class BotWorker {
  private unsubscribe: (() => void)[] = [];
  private running = new Map<string, Promise<void>>();
  private again = new Set<string>();
  private stopping = false;
  private log: NonNullable<BotWorkerOptions["log"]>;

  constructor(
    private deps: BotWorkerDeps,
    opts: BotWorkerOptions = {},
  ) {
    this.log = opts.log ?? logError;
  }

  /** Follows every feed's ticks, after a first pass over every market (restart catch-up). */
  start() {
    for (const feed of this.market().all()) {
      this.unsubscribe.push(
        feed.onTick((tick: PriceTick) => this.schedule(tick.exchange, tick.pair)),
      );
      for (const pair of feed.pairs) this.schedule(feed.exchange, pair);
    }
  }

  /** Stops following the feeds; resolves once the order being closed now is recorded. */
  async stop() {
    this.stopping = true;
    for (const off of this.unsubscribe.splice(0)) off();
    await this.idle();
  }

  /** Resolves once no scan is running or queued. */
  async idle() {
    while (this.running.size) await Promise.all(this.running.values());
  }

  /** Queues a scan of one market; ticks arriving during a scan fold into one more scan. */
  schedule(exchange: MarketExchange, pair: Pair) {
    const key = `${exchange}:${pair}`;
    if (this.running.has(key)) {
      this.again.add(key);
      return;
    }
    const run = (async () => {
      do {
        this.again.delete(key);
        try {
          await this.scan(exchange, pair);
        } catch (err) {
          this.log(`bot worker: scan of ${key} failed`, err);
        }
      } while (this.again.has(key));
    })().finally(() => this.running.delete(key));
    this.running.set(key, run);
  }

  /** Closes every open bot transaction of the market whose target the current price reached. */
  async scan(exchange: MarketExchange, pair: Pair): Promise<number> {
    const price = this.market().feed(exchange).price(pair);
    if (!price) return 0;
    await this.sweepInterrupted(exchange, pair);
    // Halts stop opening; only those that say so stop the closing orders too.
    const halted = await closingHalts(this.deps, exchange);
    if (halted.all) return 0;
    let closed = 0;
    for (
      let row;
      !this.stopping && (row = await this.claim(exchange, pair, price, halted.users));
    ) {
      const outcome = await this.close(row, price);
      if (outcome === "closed") closed++;
      // The database failed the close: the next tick tries again, not a tight loop now.
      if (outcome === "database") break;
    }
    return closed;
  }

  private market() {
    if (!this.deps.market) throw new Error("The bot worker needs the market feeds");
    return this.deps.market;
  }

  private ago(ms: number) {
    return new Date(this.deps.clock.now().getTime() - ms);
  }

  private async claim(exchange: MarketExchange, pair: Pair, price: string, haltedUsers: number[]) {
    const t = transactions;
    const reached = or(
      and(eq(t.status, "BUY"), eq(t.useBot, "buy_sell"), lte(t.sellPrice, price)),
      and(eq(t.status, "SELL"), eq(t.useBot, "sell_buy"), gte(t.buyPrice, price)),
    );
    const free = and(
      isNull(t.closingSince),
      // An opening order not confirmed yet (or never) has nothing to close.
      isNull(t.orderState),
      or(isNull(t.closeErrorAt), lt(t.closeErrorAt, this.ago(RETRY_AFTER_MS))),
    );
    const open = and(
      eq(t.exchange, exchange),
      eq(t.pair, pair),
      reached,
      free,
      haltedUsers.length ? notInArray(t.userId, haltedUsers) : undefined,
    );
    const due = this.deps.db.select({ id: t.id }).from(t).where(open).orderBy(asc(t.id))
      .limit(1).for("update", { skipLocked: true });
    // `id = (subquery)`, an init plan run once: `id in (subquery)` may run the subquery again per
    // row and claim several.
    const [row] = await this.deps.db.update(t).set({ closingSince: this.deps.clock.now() })
      .where(and(eq(t.id, sql`(${due})`), open))
      .returning();
    return row;
  }

  /** Places the closing order and records it: closed, or why not (see the header). */
  private async close(row: TransactionRow, price: string) {
    const side = row.status === "BUY" ? "SELL" : "BUY";
    try {
      const done = await closeTransaction(this.deps, row, side, price);
      if (!done) return "gone";
      const [owner] = await this.deps.db.select({ username: users.username }).from(users)
        .where(eq(users.id, row.userId));
      this.deps.onTransactionChanged(toTransactionView(done, owner?.username ?? ""));
      return "closed";
    } catch (err) {
      return await this.failed(row, side, err);
    }
  }

  private async failed(row: TransactionRow, side: "BUY" | "SELL", err: unknown) {
    const t = transactions;
    const said = err instanceof Refused ? err.said : sayingOf(err);
    if (err instanceof Refused && err.quiet) {
      this.log(
        `bot worker: close of transaction ${row.id} not placed, back in the queue`,
        err,
      );
      await this.deps.db.update(t).set({ closingSince: null }).where(stillOpen(row));
      return "database";
    }
    // Lost answers were looked up (placeOrFind): any ExchangeError but InDoubtError is a refusal.
    const refused = err instanceof Refused ||
      (err instanceof ExchangeError && !(err instanceof InDoubtError));
    // A refusal releases the claim; an unclear answer keeps it for a person to resolve.
    await this.deps.db.update(t).set({
      closeErrorAt: this.deps.clock.now(),
      ...(refused ? { closingSince: null } : {}),
    }).where(stillOpen(row));
    const { text, code, params } = refused ? said : this.unclear(row, said);
    this.deps.onTradeError(row.userId, {
      action: side,
      transactionId: row.id,
      message: text,
      code,
      params,
    });
    return "failed";
  }

  /**
   * Claims whose worker died mid-close: paper ones (nothing happened) go back to the queue; live
   * ones are told to their owners once and left for a person.
   */
  private async sweepInterrupted(exchange: MarketExchange, pair: Pair) {
    const t = transactions;
    const stale = await this.deps.db.select().from(t)
      .where(staleClaims(exchange, pair, this.ago(PAPER_CLAIM_TIMEOUT_MS)));
    const liveBefore = this.ago(CLAIM_TIMEOUT_MS);
    for (const row of stale) {
      const claimed = and(stillOpen(row), eq(t.closingSince, row.closingSince!));
      if (closesInDatabase(this.deps, row)) {
        await this.deps.db.update(t).set({ closingSince: null }).where(claimed);
        continue;
      }
      if (row.closingSince! >= liveBefore) continue;
      const [flagged] = await this.deps.db.update(t).set({ closeErrorAt: this.deps.clock.now() })
        .where(claimed).returning({ id: t.id });
      if (!flagged) continue;
      const { text, code, params } = this.unclear(row, msg("worker.interrupted"));
      this.deps.onTradeError(row.userId, {
        action: row.status === "BUY" ? "SELL" : "BUY",
        transactionId: row.id,
        message: text,
        code,
        params,
      });
    }
  }

  private unclear(row: TransactionRow, reason: Saying) {
    return wrapping("worker.unclear", "reason", reason, {
      orderId: closeOrderId(row.id),
      exchange: exchangeTitle(row.exchange),
    });
  }
}

/**
 * Open rows of one market claimed before `before` and not yet told about. Run on every price tick,
 * so it must read only claimed rows: the partial index transactions_closing holds just those.
 */
export function staleClaims(exchange: MarketExchange, pair: Pair, before: Date) {
  const t = transactions;
  return and(
    eq(t.exchange, exchange),
    eq(t.pair, pair),
    inArray(t.status, ["BUY", "SELL"]),
    lt(t.closingSince, before),
    or(isNull(t.closeErrorAt), lt(t.closeErrorAt, sql`${t.closingSince}`)),
  );
}
