// The paper exchange: fills at once, a market order at the feed's current price, a limit order at
// its own price (waiting for the market to reach it is the bot worker's job). Balances live in
// paper_balances per account and never go negative. Each fill pays the exchange's taker fee
// (the market rule's takerFee) out of what it bought, as Binance and Gate take theirs.
//
// An order is one statement (paperFills): its account's advisory lock, the debit,
// guarded by the balance, and the credit, which happens only if the debit did. Opening a
// transaction runs that statement with the transaction's insert (DatabaseOrders), so a paper fill
// never exists without its record; orders opened together share one (fill-batches.ts).
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
  FILL_COLUMNS,
  type FillRow,
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

/** The advisory locks' first key: a paper account's fills (the second: its name's hash). */
export const FILL_LOCK_CLASS = 11;

/**
 * The fills of the orders in `source` (FILL_COLUMNS) where `when` holds. An account may have several
 * orders in `source`, as long as no asset one of them pays is one another receives (the caller's
 * rule: a balance row is written once per statement).
 *
 * `locked` takes each account's advisory lock, in the keys' order, before the debit touches any
 * balance: a BUY pays the quote and a SELL the base, so updating "paid, then received" let a BUY
 * and a SELL on one account each hold the row the other waited for (a deadlock), and statements
 * filling several accounts take them in the same order. The debit reads `locked` in its WHERE, an
 * init plan that runs before the debit locks anything. Locking the balance rows themselves (FOR
 * UPDATE) did the same at a WAL record and a page written per row, twice an order.
 *
 * An account's orders paying one asset are debited together: those, in `idx` order, whose running
 * total the balance holds, as one debit. The balance is read as the statement's snapshot saw it,
 * and the debit checks it again on the row as it is: when another statement changed it meanwhile
 * and the total no longer fits, none of them fills. The caller, which knows the orders' sequence,
 * sends an order that did not fill beside others of its account again alone, so each is refused
 * only on its own and as it would have been in its turn.
 */
export function paperFills(source: string, when: string) {
  return `"locked" as (select pg_advisory_xact_lock(${FILL_LOCK_CLASS}, a."key") from
      (select distinct hashtext(f."fill_account") as "key" from ${source} f where ${when}
        order by 1) a),
  "fits" as (select f."idx", f."fill_account", f."fill_paid_asset", f."fill_paid" from
      (select f."idx", f."fill_account", f."fill_paid_asset", f."fill_paid",
        sum(f."fill_paid") over (partition by f."fill_account", f."fill_paid_asset"
          order by f."idx") as "upto"
        from ${source} f where ${when}) f
      join "paper_balances" b on b."account" = f."fill_account" and b."asset" = f."fill_paid_asset"
      where f."upto" <= b."free"),
  "debit" as (update "paper_balances" b set "free" = b."free" - w."paid"
    from (select "fill_account", "fill_paid_asset", sum("fill_paid") as "paid" from "fits"
      group by 1, 2) w
    where b."account" = w."fill_account" and b."asset" = w."fill_paid_asset"
      and b."free" >= w."paid" and (select count(*) from "locked") >= 0
    returning b."account", b."asset"),
  "fill" as (select f."idx", ${Object.keys(FILL_COLUMNS).map((c) => `f."${c}"`).join(", ")}
    from ${source} f join "debit" d on d."account" = f."fill_account"
      and d."asset" = f."fill_paid_asset"
    where f."idx" in (select "idx" from "fits")),
  "fill_credit" as (insert into "paper_balances" ("account", "asset", "free")
    select "fill_account", "fill_received_asset", sum("fill_received") from "fill" group by 1, 2
    on conflict ("account", "asset")
    do update set "free" = "paper_balances"."free" + excluded."free"),
  "fill_order" as (insert into "paper_orders" ("account", "client_order_id", "pair", "side",
      "quantity", "price", "fee", "fee_asset")
    select "fill_account", "fill_client_order_id", "fill_pair", "fill_side", "fill_quantity",
      "fill_price", "fill_fee", "fill_received_asset" from "fill" on conflict do nothing)`;
}

/** One order's fill from parameters $1..$n (FILL_COLUMNS' order). */
const ONE = `(select 1 as "idx", ${
  Object.entries(FILL_COLUMNS).map(([c, type], i) => `$${i + 1}::${type} as "${c}"`).join(", ")
})`;
const FILL_CTE = paperFills(ONE, "true");
/** `guarded`: only when the caller's CTE `guard` has a row (DatabaseOrders.plan). */
const GUARDED_FILL_CTE = paperFills(ONE, `exists (select 1 from "guard")`);
const PLACE = `with ${FILL_CTE} select count(*)::int as "filled" from "fill"`;

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
    const [paid, bought] = order.side === "BUY"
      ? [{ asset: pair.quote, amount: quote }, { asset: pair.base, amount: quantity }]
      : [{ asset: pair.base, amount: quantity }, { asset: pair.quote, amount: quote }];
    // Rounded up, as the quote paid is: the fee is never a satoshi short.
    const fee = bought.amount.mul(rule.takerFee).toDecimalPlaces(8, Decimal.ROUND_UP);
    await fund(account.id);
    const row: FillRow = {
      fill_account: account.id,
      fill_paid_asset: paid.asset,
      fill_paid: paid.amount.toFixed(8),
      fill_received_asset: bought.asset,
      fill_received: bought.amount.minus(fee).toFixed(8),
      fill_fee: fee.toFixed(8),
      fill_client_order_id: order.clientOrderId,
      fill_pair: order.pair,
      fill_side: order.side,
      fill_quantity: quantity.toFixed(8),
      fill_price: dec(price).toFixed(8),
    };
    return {
      fill: {
        cte: opts.guarded ? GUARDED_FILL_CTE : FILL_CTE,
        params: Object.keys(FILL_COLUMNS).map((c) => row[c as keyof FillRow]),
      },
      row,
      result: paperResult(order.clientOrderId, quantity, price, fee, bought.asset),
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
    inDatabase: { plan, fillMany: paperFills },

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
      return found
        ? paperResult(
          clientOrderId,
          dec(found.quantity),
          found.price,
          found.fee === null ? undefined : dec(found.fee),
          found.feeAsset ?? undefined,
        )
        : null;
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

const paperResult = (
  clientOrderId: string,
  quantity: Decimal,
  price: string,
  fee?: Decimal,
  feeAsset?: string,
): OrderResult => ({
  orderId: `paper-${clientOrderId}`,
  status: "filled",
  filledPrice: dec(price).toFixed(),
  filledQuantity: quantity.toFixed(),
  ...(fee && feeAsset ? { fee: fee.toFixed(), feeAsset } : {}),
});
