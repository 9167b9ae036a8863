// The paper exchange: fills at once, a market order at the feed's current price, a limit order at
// its own price (waiting for the market to reach it is the bot worker's job). Balances live in
// paper_balances per account and never go negative. No fees.
//
// Funding: the first time an account is used it is credited PAPER_START_BALANCES (one row per
// asset, inserted only where none exists, so spending an asset to zero never refills it).
import { and, eq, gte, sql } from "drizzle-orm";
import { dec, Decimal } from "../core/decimal.ts";
import type { Db } from "../db/client.ts";
import { paperBalances } from "../db/schema.ts";
import { findPair } from "../market/pairs.ts";
import {
  type AccountRef,
  type Balance,
  type ExchangeAdapter,
  ExchangeError,
  type OrderRequest,
  type OrderResult,
} from "./adapter.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** "USDT:100000,BTC:2" to { USDT: "100000", BTC: "2" }. */
export function parseStartBalances(text: string): Record<string, string> {
  return Object.fromEntries(text.split(",").filter(Boolean).map((part) => part.split(":")));
}

export interface PaperAdapterDeps {
  db: Db;
  /** Prices market orders: the feed of the exchange this paper adapter stands in for. */
  priceOf: (pair: string) => string | undefined;
  startBalances: Record<string, string>;
  /** Accounts known to be funded, shared by the paper adapters of every exchange. */
  funded?: Set<string>;
}

export function createPaperAdapter(deps: PaperAdapterDeps): ExchangeAdapter {
  const funded = deps.funded ?? new Set<string>();

  async function fund(db: Db | Tx, account: string) {
    if (funded.has(account)) return;
    const rows = Object.entries(deps.startBalances).map(([asset, free]) => ({
      account,
      asset,
      free,
    }));
    if (rows.length) await db.insert(paperBalances).values(rows).onConflictDoNothing();
    funded.add(account);
  }

  async function debit(tx: Tx, account: string, asset: string, amount: Decimal) {
    const taken = await tx.update(paperBalances)
      .set({ free: sql`${paperBalances.free} - ${amount.toFixed(8)}` })
      .where(and(
        eq(paperBalances.account, account),
        eq(paperBalances.asset, asset),
        gte(paperBalances.free, amount.toFixed(8)),
      ))
      .returning({ asset: paperBalances.asset });
    if (taken.length) return;
    const [row] = await tx.select({ free: paperBalances.free }).from(paperBalances)
      .where(and(eq(paperBalances.account, account), eq(paperBalances.asset, asset)));
    throw new ExchangeError(
      "paper",
      `Insufficient balance: ${amount.toFixed()} ${asset} needed, ${
        dec(row?.free ?? 0).toFixed()
      } ${asset} available`,
    );
  }

  async function credit(tx: Tx, account: string, asset: string, amount: Decimal) {
    await tx.insert(paperBalances).values({ account, asset, free: amount.toFixed(8) })
      .onConflictDoUpdate({
        target: [paperBalances.account, paperBalances.asset],
        set: { free: sql`${paperBalances.free} + excluded.free` },
      });
  }

  return {
    name: "paper",

    async placeOrder(account: AccountRef, order: OrderRequest): Promise<OrderResult> {
      const pair = findPair(order.pair);
      if (!pair) throw new ExchangeError("paper", `Unknown pair "${order.pair}"`);
      const price = order.type === "limit" ? order.price : deps.priceOf(order.pair);
      if (!price) {
        throw new ExchangeError(
          "paper",
          order.type === "limit"
            ? "A limit order needs a price"
            : `No market price for ${pair.label} yet`,
        );
      }
      const quantity = dec(order.quantity).toDecimalPlaces(8, Decimal.ROUND_DOWN);
      if (!quantity.gt(0) || !dec(price).gt(0)) {
        throw new ExchangeError("paper", "Quantity and price must be positive");
      }
      // The account pays the quote rounded up and receives it rounded down: never a free satoshi.
      const quote = quantity.mul(price).toDecimalPlaces(
        8,
        order.side === "BUY" ? Decimal.ROUND_UP : Decimal.ROUND_DOWN,
      );
      await fund(deps.db, account.id);
      await deps.db.transaction(async (tx) => {
        if (order.side === "BUY") {
          await debit(tx, account.id, pair.quote, quote);
          await credit(tx, account.id, pair.base, quantity);
        } else {
          await debit(tx, account.id, pair.base, quantity);
          await credit(tx, account.id, pair.quote, quote);
        }
      });
      return {
        orderId: `paper-${order.clientOrderId}`,
        status: "filled",
        filledPrice: dec(price).toFixed(),
        filledQuantity: quantity.toFixed(),
      };
    },

    async balances(account: AccountRef): Promise<Balance[]> {
      await fund(deps.db, account.id);
      const rows = await deps.db.select().from(paperBalances)
        .where(eq(paperBalances.account, account.id))
        .orderBy(paperBalances.asset);
      return rows
        .filter((r) => !dec(r.free).isZero() || !dec(r.locked).isZero())
        .map((r) => ({
          asset: r.asset,
          free: dec(r.free).toFixed(),
          locked: dec(r.locked).toFixed(),
        }));
    },
  };
}
