// GET /reconciliation: the latest check of every account, with its drift per asset and the rows it
// counted, as the Admins' page and banner show them.
import { inArray } from "drizzle-orm";
import { dec } from "../core/decimal.shared.ts";
import { transactions, users } from "../db/schema.ts";
import type { Deps } from "../deps.ts";
import { ownerNames, ownerOf } from "./accounts.ts";
import { type CheckRow, type Held, latestChecks } from "./checks.ts";
import { type LedgerEntry, openingSide } from "./ledger.ts";
import type { CheckRowView, CheckState, CheckView, ReconciliationView } from "./schema.ts";

/** Rows listed per check; a drift left for days may count thousands. */
export const ROWS_SHOWN = 50;

type TxRow = typeof transactions.$inferSelect;

export async function reconciliationView(deps: Pick<Deps, "db">): Promise<ReconciliationView> {
  const checks = await latestChecks(deps);
  const checkViews = await viewsOf(deps, checks);
  return {
    checks: checkViews,
    openDrifts: checkViews.filter((c) => c.state === "drift" && !c.acknowledgedAt).length,
  };
}

export async function viewsOf(deps: Pick<Deps, "db">, checks: CheckRow[]): Promise<CheckView[]> {
  const shown = new Map(checks.map((c) => [c.id, entriesOf(c).slice(0, ROWS_SHOWN)]));
  const ids = [...new Set([...shown.values()].flat().map((e) => e.id))];
  const rows = ids.length
    ? await deps.db.select().from(transactions).where(inArray(transactions.id, ids))
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const names = await ownerNames(deps.db, checks.map((c) => c.account));
  const ackers = checks.flatMap((c) => c.acknowledgedBy ? [c.acknowledgedBy] : []);
  const ackNames = new Map(
    ackers.length
      ? (await deps.db.select({ id: users.id, username: users.username }).from(users)
        .where(inArray(users.id, ackers))).map((u) => [u.id, u.username])
      : [],
  );
  return checks.map((c) => {
    const held = (c.actual ?? {}) as Held;
    const expected = (c.expected ?? {}) as Record<string, string>;
    const owner = ownerOf(c.account);
    return {
      id: c.id,
      account: c.account,
      owner: { ...owner, name: names.get(c.account) ?? null },
      exchange: c.exchange,
      adapter: c.adapter,
      checkedAt: c.checkedAt.getTime(),
      state: c.state as CheckState,
      first: c.state === "ok" && c.expected === null,
      balances: Object.entries(held).map(([asset, b]) => ({ asset, ...b }))
        .sort((a, b) => a.asset.localeCompare(b.asset)),
      drift: Object.entries((c.drift ?? {}) as Record<string, string>).map(([asset, diff]) => ({
        asset,
        actual: held[asset] ? dec(held[asset].free).add(held[asset].locked).toFixed() : "0",
        expected: expected[asset] ?? "0",
        difference: diff,
      })),
      error: c.note ? JSON.parse(c.note) : null,
      transactions: shown.get(c.id)!.flatMap((e) => {
        const row = byId.get(e.id);
        return row ? [rowView(row, e)] : [];
      }),
      transactionCount: entriesOf(c).length,
      acknowledgedBy: c.acknowledgedBy ? ackNames.get(c.acknowledgedBy) ?? null : null,
      acknowledgedAt: c.acknowledgedAt?.getTime() ?? null,
    };
  });
}

const entriesOf = (c: CheckRow) => (c.transactionIds ?? []) as LedgerEntry[];

function rowView(row: TxRow, e: LedgerEntry): CheckRowView {
  const opening = openingSide(row);
  const side = e.leg === "open" || e.leg === "pending"
    ? opening
    : opening === "BUY"
    ? "SELL"
    : "BUY";
  const inFlight = { price: null, fee: null, feeAsset: null };
  const leg = {
    open: {
      quantity: row.filledQuantity,
      price: row.avgPrice,
      fee: row.fee,
      feeAsset: row.feeAsset,
      at: row.openedAt ?? row.createdAt,
    },
    close: {
      quantity: row.closeQuantity,
      price: row.filledPrice,
      fee: row.closeFee,
      feeAsset: row.closeFeeAsset,
      at: row.filledAt,
    },
    pending: { ...inFlight, quantity: row.quantity, at: row.createdAt },
    closing: { ...inFlight, quantity: row.filledQuantity, at: row.closingSince },
  }[e.leg];
  return {
    id: row.id,
    pair: row.pair,
    leg: e.leg,
    side,
    ...leg,
    quantity: leg.quantity ?? row.quantity,
    at: (leg.at ?? row.updatedAt).getTime(),
  };
}
