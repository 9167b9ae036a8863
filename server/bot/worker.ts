// The bot worker (docs/trading.md#the-bot-worker): a BUY in buy_sell mode sells once the market
// reaches its sellPrice; a SELL in sell_buy mode buys back once the market falls to its buyPrice.
// The transaction then becomes DONE with the closing order's id, fill price and time.
//
// Fast at any table size: a claim reads one market's rows past their target through the partial
// indexes transactions_bot_buy / transactions_bot_sell, in their order, and takes a batch of them
// in one statement (FOR UPDATE SKIP LOCKED). The closes go out in parallel, one at a time per
// account, each account's paced to its exchange's order rate, and the next batch is claimed while
// the last one's closes are out, so a backlog drains at the exchange's pace.
//
// Never twice: all state is in the database. The claim is a conditional UPDATE (closing_since
// set), so two workers never close the same row; a worker that dies holds at most two batches, and
// the final UPDATE needs the status still open, so a row becomes DONE once. Claimed rows not sent
// when the worker stops or the database fails are released at once. The closing order's
// clientOrderId is tx<id>c.
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
import {
  and,
  asc,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  lt,
  lte,
  notInArray,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { QueryBuilder } from "drizzle-orm/pg-core";
import { executeRows } from "../db/raw-rows.ts";
import { transactionShape } from "../transactions/row-sql.ts";
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
  type OwnerRow,
  Refused,
  stillOpen,
} from "../transactions/close-order.ts";
import { logError } from "../core/log-error.ts";

export const RETRY_AFTER_MS = 30_000;
export const CLAIM_TIMEOUT_MS = 120_000;
/** Longer than any one paper close can take (a statement's time limit, retries included). */
export const PAPER_CLAIM_TIMEOUT_MS = 15_000;
/**
 * Rows one claim takes. A batch's closes are all sent within a second or two (a lane per two of
 * the pool's connections, at most ORDERS_PER_SECOND per account), far inside the claim timeouts
 * above.
 */
export const CLAIM_BATCH = 64;
/**
 * Orders a second one account may send: Binance allows 50 orders per 10 s per account, Gate 10 a
 * second per account and market. The paper exchange is the database's pace.
 */
const ORDERS_PER_SECOND: Record<MarketExchange, number> = { binance: 5, gate: 10 };

/** What the worker reads: the feeds, the database, and what closing an order on an account takes. */
export type BotWorkerDeps = Pick<
  Deps,
  | "clock"
  | "database"
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
  private pace = new OrderPace();
  private running = new Map<string, Promise<void>>();
  private again = new Set<string>();
  private stopping = false;
  private log: NonNullable<BotWorkerOptions["log"]>;
  /** Closes in flight at once: half the pool's connections, the api needs the rest. */
  private lanes: number;

  constructor(
    private deps: BotWorkerDeps,
    opts: BotWorkerOptions = {},
  ) {
    this.log = opts.log ?? logError;
    this.lanes = Math.max(2, (deps.database.poolSize ?? 4) >> 1);
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
    return await this.drain(exchange, pair, price, halted.users);
  }

  /**
   * Closes the market's claimed rows, `lanes` at once, claiming the next batch while the last
   * one's closes are out (a claim waited for leaves every lane idle). A lane takes the first queued
   * row whose account has no close in flight: a paper account's closes lock its balance rows and a
   * live one's are paced, so a lane behind its own account's close would only wait. What was not
   * sent (the worker stopping, the database failing) is released.
   */
  private async drain(
    exchange: MarketExchange,
    pair: Pair,
    price: string,
    haltedUsers: number[],
  ): Promise<number> {
    const queue: TransactionRow[] = [];
    const owners = new Map<number, OwnerRow>();
    const busy = new Set<string>();
    let closed = 0;
    let exhausted = false;
    // The database failed a close: the next tick tries again, not a tight loop now.
    let database = false;
    let failure: unknown;
    let claiming: Promise<void> | undefined;
    let changed = Promise.withResolvers<void>();
    const notify = () => {
      changed.resolve();
      changed = Promise.withResolvers<void>();
    };
    const refill = () => {
      claiming ??= (async () => {
        try {
          const rows = await this.claim(exchange, pair, price, haltedUsers);
          // Each side takes CLAIM_BATCH at most: fewer, and no row is left past its target.
          if (rows.length < CLAIM_BATCH) exhausted = true;
          if (!rows.length) return;
          try {
            await this.readOwners(rows, owners);
          } catch (err) {
            await this.release(rows);
            throw err;
          }
          queue.push(...rows);
        } catch (err) {
          failure ??= err;
        } finally {
          claiming = undefined;
          notify();
        }
      })();
    };
    const lane = async () => {
      for (;;) {
        if (this.stopping || database || failure !== undefined) return;
        if (queue.length <= this.lanes && !exhausted) refill();
        const next = queue.findIndex((row) => !busy.has(accountOf(row)));
        if (next < 0) {
          if (!queue.length && !claiming) return;
          await changed.promise;
          continue;
        }
        const [row] = queue.splice(next, 1);
        const account = accountOf(row);
        busy.add(account);
        try {
          await this.pace.wait(row, closesInDatabase(this.deps, row));
          const outcome = await this.close(row, price, owners);
          if (outcome === "closed") closed++;
          if (outcome === "database") database = true;
        } catch (err) {
          // Recording a failed close failed: the row stays claimed for the sweep or the takeover.
          failure ??= err;
        } finally {
          busy.delete(account);
          notify();
        }
      }
    };
    refill();
    await Promise.all(Array.from({ length: this.lanes }, lane));
    await claiming;
    if (queue.length) await this.release(queue.splice(0));
    if (failure !== undefined) throw failure;
    return closed;
  }

  private market() {
    if (!this.deps.market) throw new Error("The bot worker needs the market feeds");
    return this.deps.market;
  }

  private ago(ms: number) {
    return new Date(this.deps.clock.now().getTime() - ms);
  }

  /**
   * Claims up to CLAIM_BATCH rows of one market past their target, each side read in its partial
   * index's order (sell price up for BUYs, buy price down for SELLs) so only rows past the target
   * and rows mid-close are read, however many the table holds.
   */
  private async claim(
    exchange: MarketExchange,
    pair: Pair,
    price: string,
    haltedUsers: number[],
  ): Promise<TransactionRow[]> {
    const now = this.deps.clock.now();
    const rows = await executeRows<Record<string, unknown>>(
      this.deps.db,
      claimStatement(exchange, pair, price, haltedUsers, this.ago(RETRY_AFTER_MS), now),
    );
    return rows.map((raw) => transactionShape.read(raw));
  }

  /** Claims nothing was sent for go back to the queue: only this worker's, still open. */
  private async release(rows: TransactionRow[]) {
    const t = transactions;
    // A claim's rows share its time: one update per claim.
    for (const claimed of Map.groupBy(rows, (r) => r.closingSince!.getTime()).values()) {
      try {
        await this.deps.db.update(t).set({ closingSince: null }).where(and(
          inArray(t.id, claimed.map((r) => r.id)),
          inArray(t.status, ["BUY", "SELL"]),
          eq(t.closingSince, claimed[0].closingSince!),
        ));
      } catch (err) {
        // Left claimed: the stale-claim sweep (paper) or the engine's takeover (live) settles them.
        this.log(`bot worker: releasing ${claimed.length} unsent claims failed`, err);
      }
    }
  }

  /** The owners (their keys, their names for the views) of a claim's rows: one read per claim. */
  private async readOwners(rows: TransactionRow[], owners: Map<number, OwnerRow>) {
    const ids = [...new Set(rows.map((r) => r.userId))].filter((id) => !owners.has(id));
    if (!ids.length) return;
    const found = await this.deps.db.select().from(users).where(inArray(users.id, ids));
    for (const u of found) owners.set(u.id, u);
  }

  /** Places the closing order and records it: closed, or why not (see the header). */
  private async close(row: TransactionRow, price: string, owners: Map<number, OwnerRow>) {
    const side = row.status === "BUY" ? "SELL" : "BUY";
    const owner = owners.get(row.userId);
    try {
      const done = await closeTransaction(this.deps, row, side, price, owner);
      if (!done) return "gone";
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
 * The claim: one statement taking up to `limit` rows of one market past their target, BUYs by
 * transactions_bot_buy and SELLs by transactions_bot_sell, rows another worker holds skipped.
 * Materialized, each locking select runs once, whatever the update's plan.
 */
export function claimStatement(
  exchange: MarketExchange,
  pair: Pair,
  price: string,
  haltedUsers: number[],
  retryBefore: Date,
  now: Date,
  limit = CLAIM_BATCH,
): SQL {
  const t = transactions;
  const free = and(
    eq(t.exchange, exchange),
    eq(t.pair, pair),
    isNull(t.closingSince),
    // An opening order not confirmed yet (or never) has nothing to close.
    isNull(t.orderState),
    or(isNull(t.closeErrorAt), lt(t.closeErrorAt, retryBefore)),
    haltedUsers.length ? notInArray(t.userId, haltedUsers) : undefined,
  );
  const qb = new QueryBuilder();
  const buys = qb.select({ id: t.id }).from(t)
    .where(and(eq(t.status, "BUY"), eq(t.useBot, "buy_sell"), lte(t.sellPrice, price), free))
    .orderBy(asc(t.sellPrice)).limit(limit).for("update", { skipLocked: true });
  const sells = qb.select({ id: t.id }).from(t)
    .where(and(eq(t.status, "SELL"), eq(t.useBot, "sell_buy"), gte(t.buyPrice, price), free))
    .orderBy(desc(t.buyPrice)).limit(limit).for("update", { skipLocked: true });
  return sql`with buys as materialized (${buys}), sells as materialized (${sells})
    update ${t} set "closing_since" = ${now.toISOString()}::timestamptz
    where ${t.id} in (select "id" from buys union all select "id" from sells)
    returning ${sql.raw(transactionShape.select)}`;
}

/** The account a row's closing order goes to (bot-keys/trade.ts). */
const accountOf = (row: TransactionRow) =>
  `${row.exchange}:${row.botKeyId ? `bot:${row.botKeyId}` : `user:${row.userId}`}`;

/** Spaces each live account's orders by its exchange's rate (real time: the exchange's window). */
class OrderPace {
  private next = new Map<string, number>();

  async wait(row: TransactionRow, inDatabase: boolean) {
    if (inDatabase) return;
    const exchange = row.exchange as MarketExchange;
    const key = accountOf(row);
    const now = performance.now();
    for (const [k, at] of this.next) if (at < now) this.next.delete(k);
    const at = Math.max(now, this.next.get(key) ?? 0);
    this.next.set(key, at + 1000 / ORDERS_PER_SECOND[exchange]);
    if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
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
