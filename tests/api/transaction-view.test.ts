// The list's JSON is written by PostgreSQL (viewJsonSql): it must say exactly what
// toTransactionView says for the same row, nulls, money scales and microseconds included, and
// value open rows at the same live prices to the same unrealizedPnl.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { textRows } from "../../server/db/raw-rows.ts";
import { transactions, users } from "../../server/db/schema.ts";
import { insertTransaction } from "../../server/transactions/record.ts";
import { toTransactionView, viewJsonSql } from "../../server/transactions/view.ts";
import { makeTestApp } from "../support/test-app.ts";

Deno.test("view: PostgreSQL's JSON of a transaction is toTransactionView's, field for field", async () => {
  const t = await makeTestApp();
  try {
    const u = await t.user("Lead", 'o\'brien_"quoted"');
    const base = {
      userId: u.id,
      status: "BUY" as const,
      pair: "btc_usdt",
      exchange: "binance" as const,
      adapter: "paper",
      marketPrice: "60000.12",
      buyPrice: "0.00000001",
      sellPrice: "123456789012.5",
      amount: "100",
      quantity: "0.00166389",
      createdAt: new Date("2026-03-04T05:06:07.891Z"),
      updatedAt: new Date("2026-03-04T05:06:07.891Z"),
    };
    await insertTransaction(t.deps.database, base);
    await insertTransaction(t.deps.database, {
      ...base,
      status: "DONE",
      assetId: "nft-7",
      callId: "call-1",
      orderId: "paper-tx2",
      filledPrice: "61000",
      filledAt: new Date("2026-03-04T05:06:08.000Z"),
    });
    // Open trades with their opening fills, valued at the live prices below.
    const filled = { ...base, orderId: "paper-tx3", avgPrice: "60000", filledQuantity: "0.001" };
    await insertTransaction(t.deps.database, { ...filled, fee: "0.000001", feeAsset: "BTC" });
    await insertTransaction(t.deps.database, { ...filled, fee: "0.06", feeAsset: "USDT" });
    await insertTransaction(t.deps.database, { ...filled, fee: "0.00008", feeAsset: "BNB" });
    // A fee in an asset with no price: not valued.
    await insertTransaction(t.deps.database, { ...filled, fee: "0.5", feeAsset: "GT" });
    await insertTransaction(t.deps.database, {
      ...filled,
      status: "SELL",
      useBot: "sell_buy",
      fee: "0.0595404",
      feeAsset: "USDT",
    });
    // No live price for its pair; a missed call; a row closed by hand: none valued.
    await insertTransaction(t.deps.database, { ...filled, pair: "eth_usdt" });
    await insertTransaction(t.deps.database, { ...filled, kind: "missed_call" });
    await insertTransaction(t.deps.database, { ...filled, priceSource: "hand_closed" });
    await insertTransaction(t.deps.database, {
      ...filled,
      status: "DONE",
      closeQuantity: "0.000999",
      filledPrice: "59600",
      closeFee: "0.0595404",
      closeFeeAsset: "USDT",
      realizedPnl: "-0.5191404",
      openedAt: new Date("2026-03-04T05:06:07.891Z"),
    });
    // Microseconds, which JavaScript dates do not hold: both drop them the same way.
    await textRows(t.deps.database, `update transactions set updated_at = $1::timestamptz`, [
      "2026-03-04 05:06:09.123987+00",
    ]);

    const rows = await t.deps.db.select().from(transactions).orderBy(transactions.id);
    const [owner] = await t.deps.db.select().from(users).where(eq(users.id, u.id));
    const prices = { "binance:btc_usdt": "59600.5", "binance:bnb_usdt": "600.123" };
    const fromSql = await textRows<{ view: string }>(
      t.deps.database,
      `select ${viewJsonSql(`"users"."username"`, `"live"."prices"`)}::text as view
        from "transactions" join "users" on "users"."id" = "transactions"."user_id"
        cross join (select $1::jsonb as "prices") "live" order by "transactions"."id"`,
      [JSON.stringify(prices)],
    );
    assert.equal(rows.length, 11);
    const views = rows.map((row) =>
      JSON.parse(JSON.stringify(toTransactionView(row, owner.username, prices)))
    );
    assert.deepEqual(fromSql.map((r) => JSON.parse(r.view)), views);
    assert.deepEqual(views.map((v) => v.unrealizedPnl), [
      null,
      null,
      // 0.000999 x 59600.5 - 60
      "-0.45910050",
      // 0.001 x 59600.5 - 60 - 0.06
      "-0.45950000",
      // 0.001 x 59600.5 - 60 - 0.00008 x 600.123
      "-0.44750984",
      null,
      // Sold 0.001 at 60000 less its fee, bought back at 59600.5: 60 - 0.0595404 - 59.6005
      "0.33995960",
      null,
      null,
      null,
      null,
    ]);
  } finally {
    await t.close();
  }
});
