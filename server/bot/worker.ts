// The bot worker (design section 5): a BUY in buy_sell mode sells once the market reaches its
// sellPrice; a SELL in sell_buy mode buys back once the market falls to its buyPrice. The
// transaction then becomes DONE with the closing order's id, fill price and time.
//
// Exactly once: all state is in the database. A worker claims rows with one conditional UPDATE
// (closing_since set, FOR UPDATE SKIP LOCKED) so two workers never close the same row at once; the
// closing order's clientOrderId is fixed per transaction (tx<id>c), so when a worker dies between
// placing the order and recording it, the next one (after CLAIM_TIMEOUT_MS) re-sends the same
// clientOrderId and the exchange (adapter contract) answers with that order instead of a second.
// The final UPDATE requires the status still open, so a row is DONE once. A failed order leaves the
// claim in place: the row is retried after the claim times out, and its owner is told each time.
import { and, asc, eq, gte, inArray, isNull, lt, lte, or } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { transactions, users } from "../db/schema.ts";
import type { Deps } from "../deps.ts";
import { botAccountById } from "../bot-keys/accounts.ts";
import { kindOf } from "../exchanges/exchanges.ts";
import { tradingCredentials } from "../keys/credentials.ts";
import { missingKeysMessage } from "../keys/schema.ts";
import type { MarketExchange, Pair, PriceTick } from "../market/feed.ts";
import { closeOrderId } from "../transactions/record.ts";
import { toTransactionView, type TransactionRow } from "../transactions/view.ts";

export const CLAIM_TIMEOUT_MS = 30_000;
const BATCH = 50;

export interface BotWorkerOptions {
  claimTimeoutMs?: number;
  log?: (message: string, err?: unknown) => void;
}

export class BotWorker {
  private unsubscribe: (() => void)[] = [];
  private running = new Map<string, Promise<void>>();
  private again = new Set<string>();
  private claimTimeoutMs: number;
  private log: NonNullable<BotWorkerOptions["log"]>;

  constructor(private deps: Deps, opts: BotWorkerOptions = {}) {
    this.claimTimeoutMs = opts.claimTimeoutMs ?? CLAIM_TIMEOUT_MS;
    this.log = opts.log ?? ((m, e) => console.error(m, e ?? ""));
  }

  /** Follows every feed's ticks, after a first pass over every market (restart catch-up). */
  start() {
    const market = this.market();
    for (const feed of market.all()) {
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
    const claimed = await this.claim(exchange, pair, price);
    let closed = 0;
    for (const row of claimed) if (await this.close(row, price)) closed++;
    return closed;
  }

  private market() {
    if (!this.deps.market) throw new Error("The bot worker needs the market feeds");
    return this.deps.market;
  }

  private async claim(exchange: MarketExchange, pair: Pair, price: string) {
    const t = transactions;
    const now = this.deps.clock.now();
    const free = or(
      isNull(t.closingSince),
      lt(t.closingSince, new Date(now.getTime() - this.claimTimeoutMs)),
    );
    const reached = or(
      and(eq(t.status, "BUY"), eq(t.useBot, "buy_sell"), lte(t.sellPrice, price)),
      and(eq(t.status, "SELL"), eq(t.useBot, "sell_buy"), gte(t.buyPrice, price)),
    );
    const open = and(eq(t.exchange, exchange), eq(t.pair, pair), reached, free);
    const due = this.deps.db.select({ id: t.id }).from(t).where(open).orderBy(asc(t.id))
      .limit(BATCH).for("update", { skipLocked: true });
    return await this.deps.db.update(t).set({ closingSince: now })
      .where(and(inArray(t.id, due), open))
      .returning();
  }

  /** Places the closing order and records it; false when it failed or another worker finished. */
  private async close(row: TransactionRow, price: string): Promise<boolean> {
    const side = row.status === "BUY" ? "SELL" : "BUY";
    try {
      const result = await this.placeClose(row, side);
      const now = this.deps.clock.now();
      const [done] = await this.deps.db.update(transactions).set({
        status: "DONE",
        filledPrice: result.filledPrice ?? price,
        filledAt: now,
        closeOrderId: result.orderId,
        closingSince: null,
        updatedAt: now,
      }).where(and(eq(transactions.id, row.id), eq(transactions.status, row.status)))
        .returning();
      if (!done) return false;
      const [owner] = await this.deps.db.select({ username: users.username }).from(users)
        .where(eq(users.id, row.userId));
      this.deps.onTransactionChanged?.(toTransactionView(done, owner?.username ?? ""));
      return true;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      this.deps.onTradeError?.(row.userId, { action: side, transactionId: row.id, message });
      return false;
    }
  }

  private async placeClose(row: TransactionRow, side: "BUY" | "SELL") {
    if (!this.deps.exchanges) throw new Error("Trading is not available on this server");
    const exchange = row.exchange as "binance" | "gate";
    // A bot key's transaction closes on that key's account (server/bot-keys/trade.ts).
    const account = row.botKeyId ? await botAccountById(this.deps, row.botKeyId) : {
      id: `user:${row.userId}`,
      credentials: await ownerCredentials(this.deps, row.userId, exchange) ?? undefined,
    };
    if (!account.credentials) throw new Error(missingKeysMessage(exchange));
    const adapter = this.deps.exchanges.adapter(exchange, kindOf(row.adapter));
    return await adapter.placeOrder(account, {
      pair: row.pair,
      side,
      type: "market",
      quantity: row.quantity,
      clientOrderId: closeOrderId(row.id),
    });
  }
}

async function ownerCredentials(deps: Deps, userId: number, exchange: "binance" | "gate") {
  const db: Db = deps.db;
  const [owner] = await db.select().from(users).where(eq(users.id, userId));
  return owner ? await tradingCredentials(deps, owner, exchange) : null;
}
