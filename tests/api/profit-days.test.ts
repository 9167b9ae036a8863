// profit_days (what /profit reads, docs/reports.md#speed) is kept by a trigger on transactions: after
// any mix of inserts, closes, hand closes, edits, orders found refused, moves and deletes, it holds
// exactly what the transactions add up to, recomputed by the rules of server/reports/books.ts.
import assert from "node:assert/strict";
import fc from "fast-check";
import { eq, sql } from "drizzle-orm";
import { Decimal } from "decimal.js";
import { profitDays, transactions } from "../../server/db/schema.ts";
import { executeRows } from "../../server/db/raw-rows.ts";
import { filters, rowSums } from "../../server/profits/days.ts";
import { insertTransactions, insertUser, roundTrip } from "../support/report-fixtures.ts";
import { makeTestApp, type TestApp } from "../support/test-app.ts";

const DAY = 86_400_000;
const START = Date.UTC(2026, 0, 1);
const at = (day: number, hour: number) => new Date(START + day * DAY + hour * 3_600_000);
const money = (max: number) =>
  fc.integer({ min: 1, max: max * 100 }).map((c) => new Decimal(c).div(100).toFixed());

const SOURCES = ["server", "server", "server", "server", "hand_closed", "typed", "edited"] as const;
const MODES = ["buy_sell", "sell_buy", "only_buy"] as const;

// Few groups, so most hold several rows and a best or worst taken away must be read again.
const rowArb = fc.record({
  day: fc.integer({ min: 0, max: 1 }),
  hour: fc.integer({ min: 0, max: 23 }),
  user: fc.integer({ min: 0, max: 1 }),
  pair: fc.constantFrom("btc_usdt", "eth_usdt"),
  exchange: fc.constantFrom("binance" as const, "binance" as const, "gate" as const),
  status: fc.constantFrom("DONE" as const, "DONE" as const, "DONE" as const, "BUY" as const),
  kind: fc.constantFrom(
    "trade" as const,
    "trade" as const,
    "trade" as const,
    "missed_call" as const,
  ),
  source: fc.constantFrom(...SOURCES),
  mode: fc.constantFrom(...MODES),
  quantity: fc.integer({ min: 1, max: 5000 }).map((q) => new Decimal(q).div(1000).toFixed()),
  bought: money(1000),
  sold: money(1000),
  fee: fc.constantFrom("0", "0.01", "0.12345678"),
  // The quote, the base (valued at the fill's price) or a third asset (not in fees).
  feeAsset: fc.constantFrom("USDT", "btc", "ETH", "BNB"),
  result: fc.constantFrom(true, true, true, false),
});

/** What a writer may do to one row: each changes something profit_days sums or groups by. */
const writeArb = fc.record({
  row: fc.nat(),
  what: fc.constantFrom(
    "close",
    "reopen",
    "handClose",
    "edit",
    "noResult",
    "refused",
    "moveDay",
    "movePair",
    "moveUser",
    "delete",
  ),
  value: money(50).map((v) => new Decimal(v).minus(25).toFixed()),
  day: fc.integer({ min: 0, max: 2 }),
});

/** profit_days and its recomputation, as comparable text, key order. */
async function both(t: TestApp) {
  const text = (rows: Record<string, unknown>[]) => rows.map((r) => JSON.stringify(r)).sort();
  const columns = sql.raw(`day::text as day, user_id, pair, exchange::text as exchange,
    trades::int, wins::int, trim_scale(quantity)::text as quantity,
    trim_scale(buy_amount)::text as buy_amount, trim_scale(sell_amount)::text as sell_amount,
    trim_scale(profit)::text as profit, trim_scale(fees)::text as fees,
    trim_scale(best)::text as best, trim_scale(worst)::text as worst,
    not_counted_trades::int, trim_scale(not_counted_profit)::text as not_counted_profit,
    typed::int, hand_closed::int, edited::int, one_sided::int, unpriced::int, missed_calls::int,
    trim_scale(missed_profit)::text as missed_profit`);
  const kept = await executeRows<Record<string, unknown>>(
    t.deps.db,
    sql`select ${columns} from ${profitDays}`,
  );
  const recomputed = await executeRows<Record<string, unknown>>(
    t.deps.db,
    sql`select ${columns} from ${rowSums(filters({ pair: undefined }))} r`,
  );
  return { kept: text(kept), recomputed: text(recomputed) };
}

Deno.test("profit_days: after a random mix of writes it equals the transactions' sums", async () => {
  const t = await makeTestApp();
  try {
    const people = [await insertUser(t.deps.db, "d_one"), await insertUser(t.deps.db, "d_two")];
    await fc.assert(
      fc.asyncProperty(
        fc.array(rowArb, { minLength: 1, maxLength: 20 }),
        fc.array(writeArb, { maxLength: 12 }),
        async (rows, writes) => {
          await t.deps.db.delete(transactions);
          const inserted = await insertTransactions(
            t.deps.db,
            rows.map((r) => ({
              userId: people[r.user].id,
              createdAt: at(r.day, r.hour),
              pair: r.pair,
              exchange: r.exchange,
              ...roundTrip(r.quantity, r.bought, r.sold, r.fee),
              feeAsset: r.feeAsset,
              closeFeeAsset: r.feeAsset,
              status: r.status,
              kind: r.kind,
              priceSource: r.source,
              useBot: r.mode,
              ...(r.result ? {} : { realizedPnl: null }),
            })),
          );
          const ids = inserted.map((r) => r.id);
          const gone = new Set<number>();
          for (const w of writes) {
            const id = ids[w.row % ids.length];
            if (gone.has(id)) continue;
            const where = eq(transactions.id, id);
            const set = {
              close: { status: "DONE" as const, realizedPnl: w.value },
              reopen: { status: "SELL" as const },
              handClose: { status: "DONE" as const, priceSource: "hand_closed" as const },
              edit: { priceSource: "edited" as const, sellPrice: w.value },
              noResult: { realizedPnl: null },
              refused: { orderState: "refused" as const },
              moveDay: { createdAt: at(w.day, 12) },
              movePair: { pair: "bnb_usdt" },
              moveUser: { userId: people[1].id },
              delete: null,
            }[w.what];
            if (set === null) {
              await t.deps.db.delete(transactions).where(where);
              gone.add(id);
            } else await t.deps.db.update(transactions).set(set).where(where);
          }
          const { kept, recomputed } = await both(t);
          assert.deepEqual(kept, recomputed);
        },
      ),
      { numRuns: 30 },
    );
  } finally {
    await t.close();
  }
});
