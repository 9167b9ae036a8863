// The bot worker's claim reads only rows past their target, at any table size (issue 31): with
// 50,000 rows, most of them closed and the open ones' targets far off, PostgreSQL must plan it on
// the partial indexes made for it, never a sequential scan nor a walk of the primary key (which
// took 82 ms a claim at 200,000 rows).
import assert from "node:assert/strict";
import { sql } from "drizzle-orm";
import { claimStatement, RETRY_AFTER_MS } from "../../server/bot/worker.ts";
import { executeRows } from "../../server/db/raw-rows.ts";
import { users } from "../../server/db/schema.ts";
import { postgresTest } from "../support/database.ts";

const ROWS = 50_000;

postgresTest(
  "bot claim: planned on the bot's partial indexes, not a sequential or primary-key scan",
  async (database) => {
    const { db } = database;
    const [owner] = await db.insert(users).values({
      username: "plan",
      email: "plan@example.com",
      passwordHash: "x",
      role: "User",
      uniqueId: 1,
    }).returning();
    // The rows go in without the profit_days trigger: 45,000 DONE rows of one group upserted one
    // by one took this test 40–70 s, and the claim's plan does not read profit_days.
    await db.execute(
      sql`alter table transactions disable trigger transactions_profit_days_insert`,
    );
    // One row in ten open: BUYs in buy_sell (sell targets 61,000 up), SELLs in sell_buy (buy
    // targets 59,000 down), spread over two markets; the rest closed.
    await db.execute(sql`insert into transactions (user_id, status, pair, exchange, adapter,
      use_bot, market_price, buy_price, sell_price, amount, quantity)
    select ${owner.id},
      (case when g % 20 = 0 then 'BUY' when g % 20 = 1 then 'SELL' else 'DONE' end)
        ::transaction_status,
      (case when g % 3 = 0 then 'eth_usdt' else 'btc_usdt' end), 'binance', 'paper',
      (case when g % 20 = 1 then 'sell_buy' else 'buy_sell' end)::bot_mode,
      60000, 59000 - g % 500, 61000 + g % 500, 10, 0.0001
    from generate_series(1, ${ROWS}) g`);
    await db.execute(
      sql`alter table transactions enable trigger transactions_profit_days_insert`,
    );
    await db.execute(sql`vacuum analyze transactions`);
    const plan = await executeRows<Record<string, string>>(
      db,
      sql`explain ${
        claimStatement(
          "binance",
          "btc_usdt",
          "61100",
          [],
          new Date(Date.now() - RETRY_AFTER_MS),
          new Date(),
        )
      }`,
    );
    const lines = plan.map((row) => Object.values(row)[0]);
    const text = lines.join("\n");
    assert.doesNotMatch(text, /Seq Scan/, text);
    // The update finds each claimed id by the primary key, one lookup each; a scan of it in
    // its order (no id condition) would read the whole table's history.
    lines.forEach((line, i) => {
      if (!/transactions_pkey/.test(line)) return;
      assert.match(lines[i + 1] ?? "", /Index Cond: \(id = /, text);
    });
    assert.match(text, /transactions_bot_buy/, text);
    assert.match(text, /transactions_bot_sell/, text);
  },
);
