// The list's JSON is written by PostgreSQL (viewJsonSql): it must say exactly what
// toTransactionView says for the same row, nulls, money scales and microseconds included.
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
    // Microseconds, which JavaScript dates do not hold: both drop them the same way.
    await textRows(t.deps.database, `update transactions set updated_at = $1::timestamptz`, [
      "2026-03-04 05:06:09.123987+00",
    ]);

    const rows = await t.deps.db.select().from(transactions).orderBy(transactions.id);
    const [owner] = await t.deps.db.select().from(users).where(eq(users.id, u.id));
    const fromSql = await textRows<{ view: string }>(
      t.deps.database,
      `select ${viewJsonSql(`"users"."username"`)}::text as view from "transactions"
        join "users" on "users"."id" = "transactions"."user_id" order by "transactions"."id"`,
      [],
    );
    assert.equal(rows.length, 2);
    assert.deepEqual(
      fromSql.map((r) => JSON.parse(r.view)),
      rows.map((row) => JSON.parse(JSON.stringify(toTransactionView(row, owner.username)))),
    );
  } finally {
    await t.close();
  }
});
