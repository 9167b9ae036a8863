// The bot worker (design section 5): a BUY in buy_sell mode sells once the market reaches its
// sellPrice; a SELL in sell_buy mode buys back once the market falls to its buyPrice. The
// transaction then becomes DONE with the closing order's id, fill price and time.
//
// Never twice: all state is in the database. A worker claims rows with one conditional UPDATE
// (closing_since set, FOR UPDATE SKIP LOCKED), so two workers never close the same row, and the
// final UPDATE needs the status still open, so a row becomes DONE once. The closing order's
// clientOrderId is tx<id>c.
// - The exchange refused the order (4xx, paper, no keys), or its answer was lost and the lookup by
//   client order id found none: nothing was placed; the claim is released and the row retried
//   after RETRY_AFTER_MS; the owner is told (BUY_ERROR / SELL_ERROR). A lost answer whose lookup
//   found the fill records it like any other.
// - The exchange could not be asked at all (InDoubtError), or a claim older than CLAIM_TIMEOUT_MS
//   (its worker died between placing and recording): the order may exist. Sending it again could sell twice
//   (Binance and Gate accept a reused client id once the first order is filled), so the row is left
//   claimed and its owner told once to check the exchange and set the status by hand; set-status
//   and set-done release it.
import { and, asc, eq, gte, inArray, isNull, lt, lte, notInArray, or, sql } from "drizzle-orm";
import { transactions, users } from "../db/schema.ts";
import type { Deps } from "../deps.ts";
import { ExchangeError } from "../exchanges/adapter.ts";
import { InDoubtError } from "../exchanges/in-doubt.ts";
import type { MarketExchange, Pair, PriceTick } from "../market/feed.ts";
import { exchangeTitle } from "../keys/schema.ts";
import { closingHalts } from "../trading-halts/guard.ts";
import { closeOrderId } from "../transactions/record.ts";
import { toTransactionView, type TransactionRow } from "../transactions/view.ts";
import { placeClose, Refused } from "./close-order.ts";

export const RETRY_AFTER_MS = 30_000;
export const CLAIM_TIMEOUT_MS = 120_000;
const BATCH = 50;

export interface BotWorkerOptions {
  log?: (message: string, err?: unknown) => void;
}

export class BotWorker {
  private unsubscribe: (() => void)[] = [];
  private running = new Map<string, Promise<void>>();
  private again = new Set<string>();
  private log: NonNullable<BotWorkerOptions["log"]>;

  constructor(private deps: Deps, opts: BotWorkerOptions = {}) {
    this.log = opts.log ?? ((m, e) => console.error(m, e ?? ""));
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

  async stop() {
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
          this.log(`bot worker: scan of ${key} failed:`, err);
        }
      } while (this.again.has(key));
    })().finally(() => this.running.delete(key));
    this.running.set(key, run);
  }

  /** Closes every open bot transaction of the market whose target the current price reached. */
  async scan(exchange: MarketExchange, pair: Pair): Promise<number> {
    const price = this.market().feed(exchange).price(pair);
    if (!price) return 0;
    await this.flagInterrupted(exchange, pair);
    // Halts stop opening; only those that say so stop the closing orders too.
    const halted = await closingHalts(this.deps, exchange);
    if (halted.all) return 0;
    let closed = 0;
    for (const row of await this.claim(exchange, pair, price, halted.users)) {
      if (await this.close(row, price)) closed++;
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
      .limit(BATCH).for("update", { skipLocked: true });
    return await this.deps.db.update(t).set({ closingSince: this.deps.clock.now() })
      .where(and(inArray(t.id, due), open))
      .returning();
  }

  /** Places the closing order and records it; false when it failed or was closed meanwhile. */
  private async close(row: TransactionRow, price: string): Promise<boolean> {
    const side = row.status === "BUY" ? "SELL" : "BUY";
    const t = transactions;
    const still = and(eq(t.id, row.id), eq(t.status, row.status));
    try {
      const result = await placeClose(this.deps, row, side);
      const now = this.deps.clock.now();
      const [done] = await this.deps.db.update(t).set({
        status: "DONE",
        filledPrice: result.filledPrice ?? price,
        filledAt: now,
        closeOrderId: result.orderId,
        closingSince: null,
        closeErrorAt: null,
        updatedAt: now,
      }).where(still).returning();
      if (!done) return false;
      const [owner] = await this.deps.db.select({ username: users.username }).from(users)
        .where(eq(users.id, row.userId));
      this.deps.onTransactionChanged?.(toTransactionView(done, owner?.username ?? ""));
      return true;
    } catch (err) {
      // placeOrFind looked up any order whose answer was lost: an ExchangeError other than
      // InDoubtError is the exchange's clear refusal.
      const refused = err instanceof Refused ||
        (err instanceof ExchangeError && !(err instanceof InDoubtError));
      const message = err instanceof Error ? err.message : String(err);
      // A refusal releases the claim; an unclear answer keeps it for a person to resolve.
      await this.deps.db.update(t).set({
        closeErrorAt: this.deps.clock.now(),
        ...(refused ? { closingSince: null } : {}),
      }).where(still);
      this.deps.onTradeError?.(row.userId, {
        action: side,
        transactionId: row.id,
        message: refused ? message : this.unclear(row, message),
      });
      return false;
    }
  }

  /** Claims whose worker died mid-close: told to their owners once, left for a person. */
  private async flagInterrupted(exchange: MarketExchange, pair: Pair) {
    const rows = await this.deps.db.update(transactions)
      .set({ closeErrorAt: this.deps.clock.now() })
      .where(staleClaims(exchange, pair, this.ago(CLAIM_TIMEOUT_MS)))
      .returning();
    for (const row of rows) {
      this.deps.onTradeError?.(row.userId, {
        action: row.status === "BUY" ? "SELL" : "BUY",
        transactionId: row.id,
        message: this.unclear(row, "the closing order was interrupted"),
      });
    }
  }

  private unclear(row: TransactionRow, reason: string) {
    return `${reason}. Check order ${closeOrderId(row.id)} on ${exchangeTitle(row.exchange)}, ` +
      "then set the transaction's status.";
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
