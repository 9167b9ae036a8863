// What the ledger says an account moved since a checkpoint: each fill of its transaction rows as
// base and quote changes with the fee taken in its own asset, and the rows whose outcome is not
// known yet (an opening order pending, a closing order claimed), which may have moved funds the
// ledger does not show.
import { and, eq, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import { dec, Decimal } from "../core/decimal.shared.ts";
import type { Db } from "../db/client.ts";
import { transactions } from "../db/schema.ts";
import { findPair } from "../exchanges/pairs.shared.ts";
import { type CheckedAccount, ownerOf } from "./accounts.ts";

export type Leg = "open" | "close";

/** One fill the ledger holds, or one order in flight (`leg` "pending" or "closing"). */
export interface LedgerEntry {
  id: number;
  leg: Leg | "pending" | "closing";
}

export interface Fill {
  id: number;
  leg: Leg;
  pair: string;
  side: "BUY" | "SELL";
  /** Base quantity filled. */
  quantity: string;
  /** Average fill price. */
  price: string;
  fee: string | null;
  feeAsset: string | null;
}

type Row = typeof transactions.$inferSelect;

/**
 * The side of a row's opening order. A DONE row no longer says: only_sell and the bot's sell_buy
 * opened with a SELL, every other mode with a BUY.
 */
export const openingSide = (row: Pick<Row, "status" | "useBot">): "BUY" | "SELL" =>
  row.status === "DONE"
    ? (row.useBot === "only_sell" || row.useBot === "sell_buy" ? "SELL" : "BUY")
    : row.status;

const opposite = (side: "BUY" | "SELL") => side === "BUY" ? "SELL" : "BUY";

/** When the opening fill happened: rows from before opened_at was kept use their creation. */
const openedAt = sql`coalesce(${transactions.openedAt}, ${transactions.createdAt})`;

/** The rows that trade on this account: its owner's own, through its adapter. */
export function accountRows(a: CheckedAccount): SQL {
  const t = transactions;
  const owner = ownerOf(a.account);
  const whose = owner.kind === "bot"
    ? eq(t.botKeyId, owner.id)
    : and(eq(t.userId, owner.id), isNull(t.botKeyId));
  // A paper account is one ledger whichever exchange's prices it traded at.
  const how = a.adapter === "paper"
    ? eq(t.adapter, "paper")
    : and(eq(t.adapter, a.adapter), sql`${t.exchange} = ${a.exchange}`);
  return and(whose, how, eq(t.kind, "trade"))!;
}

/**
 * The fills recorded in (since, until] and every order in flight now. A row counts its opening
 * fill by when it opened and its closing fill by when it closed, so a row opened before the
 * checkpoint and closed after it counts its close only.
 */
export async function ledgerSince(db: Db, a: CheckedAccount, since: Date | null, until: Date) {
  const t = transactions;
  const settled = and(isNull(t.orderState), isNotNull(t.filledQuantity));
  const inWindow = (at: SQL | typeof t.filledAt) =>
    since
      ? sql`(${at} > ${since.toISOString()}::timestamptz
        and ${at} <= ${until.toISOString()}::timestamptz)`
      : sql`false`;
  const rows = await db.select().from(t).where(and(
    accountRows(a),
    or(
      and(settled, inWindow(openedAt)),
      and(settled, isNotNull(t.closeQuantity), inWindow(t.filledAt)),
      eq(t.orderState, "pending"),
      isNotNull(t.closingSince),
    ),
  )).orderBy(t.id);
  const fills: Fill[] = [];
  const entries: LedgerEntry[] = [];
  const within = (at: Date | null) => !!since && !!at && at > since && at <= until;
  for (const row of rows) {
    if (row.orderState === "pending") {
      entries.push({ id: row.id, leg: "pending" });
      continue;
    }
    const side = openingSide(row);
    if (row.filledQuantity && row.avgPrice && within(row.openedAt ?? row.createdAt)) {
      fills.push({
        id: row.id,
        leg: "open",
        pair: row.pair,
        side,
        quantity: row.filledQuantity,
        price: row.avgPrice,
        fee: row.fee,
        feeAsset: row.feeAsset,
      });
      entries.push({ id: row.id, leg: "open" });
    }
    if (row.closeQuantity && row.filledPrice && within(row.filledAt)) {
      fills.push({
        id: row.id,
        leg: "close",
        pair: row.pair,
        side: opposite(side),
        quantity: row.closeQuantity,
        price: row.filledPrice,
        fee: row.closeFee,
        feeAsset: row.closeFeeAsset,
      });
      entries.push({ id: row.id, leg: "close" });
    }
    if (row.closingSince) entries.push({ id: row.id, leg: "closing" });
  }
  return { fills, entries };
}

/**
 * `start` moved by the fills: a BUY adds its quantity of the base and spends quantity × price of
 * the quote, a SELL the reverse; each fee leaves in its own asset.
 */
export function applyFills(start: Record<string, string>, fills: Fill[]) {
  const held = new Map(Object.entries(start).map(([asset, v]) => [asset, dec(v)]));
  const add = (asset: string, amount: Decimal) =>
    held.set(asset, (held.get(asset) ?? new Decimal(0)).add(amount));
  for (const f of fills) {
    const pair = findPair(f.pair);
    // An NFT's typed price moved no coin an exchange holds.
    if (!pair || pair.nft) continue;
    const quantity = dec(f.quantity);
    const cost = quantity.mul(f.price);
    const sign = f.side === "BUY" ? 1 : -1;
    add(pair.base, quantity.mul(sign));
    add(pair.quote, cost.mul(-sign));
    if (f.fee && f.feeAsset) add(f.feeAsset, dec(f.fee).neg());
  }
  return held;
}
