// The paper exchange: fills at once, a market order at the feed's current price, a limit order at
// its own price (waiting for the market to reach it is the bot worker's job). Balances live in
// paper_balances per account and never go negative. No fees.
//
// An order is one statement (FILL_CTE): both balance rows locked in one fixed order, the debit,
// guarded by the balance, and the credit, which happens only if the debit did. Opening a transaction runs that statement with the transaction's
// insert (DatabaseOrders), so a paper fill never exists without its record.
//
// Funding: the first time an account is used it is credited PAPER_START_BALANCES (one row per
// asset, inserted only where none exists, so spending an asset to zero never refills it).
import { and, eq } from "drizzle-orm";
import { dec, Decimal } from "../core/decimal.shared.ts";
import { msg } from "../core/messages.shared.ts";
import type { Database } from "../db/client.ts";
import { paperBalances, paperOrders } from "../db/schema.ts";
import { type ExchangeName, findPair } from "./pairs.shared.ts";
import { textRows } from "../db/raw-rows.ts";
import {
  type AccountRef,
  type Balance,
  type ExchangeAdapter,
  ExchangeError,
  type OrderRequest,
  type OrderResult,
  type PlannedFill,
} from "./adapter.ts";
import { type Markets, requireRule } from "./markets/markets.ts";
import { shapeOrder } from "./markets/rules.ts";

/** "USDT:100000,BTC:2" to { USDT: "100000", BTC: "2" }. */
export function parseStartBalances(text: string): Record<string, string> {
  return Object.fromEntries(text.split(",").filter(Boolean).map((part) => part.split(":")));
}

/**
 * $1 account, $2 asset paid, $3 amount paid, $4 asset received, $5 amount received; the order's
 * record (fill_order): $6 client order id, $7 pair, $8 side, $9 quantity, $10 price.
 *
 * `locked` takes both balance rows in asset order before the debit touches either: a BUY pays the
 * quote and a SELL the base, so locking "paid, then received" let a BUY and a SELL on one account
 * each hold the row the other waited for (a deadlock). The debit reads `locked` in its WHERE, an
 * init plan that runs before the debit locks anything. `guarded`: the debit also needs a row in
 * the caller's `guard` CTE (DatabaseOrders.plan), read first.
 */
function fillCte(guarded: boolean) {
  return `locked as (select "asset" from "paper_balances"
    where "account" = $1 and "asset" in ($2, $4) order by "asset" for update),
  fill as (update "paper_balances" set "free" = "free" - $3::numeric
    where ${guarded ? `exists (select 1 from "guard") and ` : ""}"account" = $1 and "asset" = $2
      and "free" >= $3::numeric and (select count(*) from locked) >= 0 returning "account"),
  fill_credit as (insert into "paper_balances" ("account", "asset", "free")
    select "account", $4, $5::numeric from fill
    on conflict ("account", "asset")
    do update set "free" = "paper_balances"."free" + excluded."free"),
  fill_order as (insert into "paper_orders" ("account", "client_order_id", "pair", "side",
      "quantity", "price")
    select "account", $6, $7, $8, $9::numeric, $10::numeric from fill on conflict do nothing)`;
}
const FILL_CTE = fillCte(false);
const GUARDED_FILL_CTE = fillCte(true);
const PLACE = `with ${FILL_CTE} select count(*)::int as "filled" from fill`;

export interface PaperAdapterDeps {
  database: Pick<Database, "db" | "sql">;
  /** The exchange this paper adapter stands in for, and the stored copy of its market rules. */
  exchange: ExchangeName;
  markets: Markets;
  /** Prices market orders: the feed of the exchange this paper adapter stands in for. */
  priceOf: (pair: string) => string | undefined;
  startBalances: Record<string, string>;
  /** Accounts known to be funded, shared by the paper adapters of every exchange. */
  funded?: Set<string>;
}

export function createPaperAdapter(deps: PaperAdapterDeps): ExchangeAdapter {
  const funded = deps.funded ?? new Set<string>();
  const { db } = deps.database;

  async function fund(account: string) {
    if (funded.has(account)) return;
    const rows = Object.entries(deps.startBalances).map(([asset, free]) => ({
      account,
      asset,
      free,
    }));
    if (rows.length) await db.insert(paperBalances).values(rows).onConflictDoNothing();
    funded.add(account);
  }

  async function plan(
    account: AccountRef,
    order: OrderRequest,
    opts: { guarded?: boolean } = {},
  ): Promise<PlannedFill> {
    const pair = findPair(order.pair);
    if (!pair) throw new ExchangeError("paper", msg("exchange.unknownPair", { pair: order.pair }));
    const price = order.type === "limit" ? order.price : deps.priceOf(order.pair);
    if (!price) {
      throw new ExchangeError(
        "paper",
        order.type === "limit"
          ? msg("exchange.limitNeedsPrice")
          : msg("exchange.noMarketPrice", { pair: pair.label }),
      );
    }
    const rule = await requireRule(deps.markets, deps.exchange, order.pair);
    const quantity = dec(shapeOrder(rule, order, price).quantity);
    if (!quantity.gt(0) || !dec(price).gt(0)) {
      throw new ExchangeError("paper", msg("exchange.notPositive"));
    }
    // The account pays the quote rounded up and receives it rounded down: never a free satoshi.
    const quote = quantity.mul(price).toDecimalPlaces(
      8,
      order.side === "BUY" ? Decimal.ROUND_UP : Decimal.ROUND_DOWN,
    );
    const [paid, received] = order.side === "BUY"
      ? [{ asset: pair.quote, amount: quote }, { asset: pair.base, amount: quantity }]
      : [{ asset: pair.base, amount: quantity }, { asset: pair.quote, amount: quote }];
    await fund(account.id);
    return {
      fill: {
        cte: opts.guarded ? GUARDED_FILL_CTE : FILL_CTE,
        params: [
          account.id,
          paid.asset,
          paid.amount.toFixed(8),
          received.asset,
          received.amount.toFixed(8),
          order.clientOrderId,
          order.pair,
          order.side,
          quantity.toFixed(8),
          dec(price).toFixed(8),
        ],
      },
      result: paperResult(order.clientOrderId, quantity, price),
      refusal: () => refusal(account, paid),
    };
  }

  async function refusal(account: AccountRef, paid: { asset: string; amount: Decimal }) {
    const [balance] = await db.select({ free: paperBalances.free }).from(paperBalances)
      .where(and(eq(paperBalances.account, account.id), eq(paperBalances.asset, paid.asset)));
    return new ExchangeError(
      "paper",
      msg("exchange.insufficientFunds", {
        needed: paid.amount.toFixed(),
        asset: paid.asset,
        available: dec(balance?.free ?? 0).toFixed(),
      }),
    );
  }

  return {
    name: "paper",
    inDatabase: { plan },

    async placeOrder(account: AccountRef, order: OrderRequest): Promise<OrderResult> {
      const planned = await plan(account, order);
      const [{ filled }] = await textRows<{ filled: number }>(
        deps.database,
        PLACE,
        planned.fill.params,
      );
      if (!filled) throw await planned.refusal();
      return planned.result;
    },

    async findOrder(account: AccountRef, _pair: string, clientOrderId: string) {
      const [found] = await db.select().from(paperOrders).where(
        and(eq(paperOrders.account, account.id), eq(paperOrders.clientOrderId, clientOrderId)),
      );
      return found ? paperResult(clientOrderId, dec(found.quantity), found.price) : null;
    },

    async balances(account: AccountRef): Promise<Balance[]> {
      await fund(account.id);
      const rows = await db.select().from(paperBalances)
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

const paperResult = (clientOrderId: string, quantity: Decimal, price: string): OrderResult => ({
  orderId: `paper-${clientOrderId}`,
  status: "filled",
  filledPrice: dec(price).toFixed(),
  filledQuantity: quantity.toFixed(),
});
