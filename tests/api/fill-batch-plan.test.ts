// A batch of paper fills (server/transactions/fill-batches.ts) reads only the balance rows of its
// own accounts at any number of accounts: with 10,000 accounts' balances, its cached generic plan
// must find them, and the guard each user's limits, by their primary keys, never scan
// `paper_balances` (the sampled plans at 50 accounts scan its 650 rows twice a statement, cheaper
// there than 96 probes) nor any other table whole.
import assert from "node:assert/strict";
import { sql } from "drizzle-orm";
import { executeRows } from "../../server/db/raw-rows.ts";
import { paperFills } from "../../server/exchanges/paper.ts";
import { batchStatement } from "../../server/transactions/fill-batches.ts";
import { postgresTest } from "../support/database.ts";

const ACCOUNTS = 10_000;

postgresTest(
  "fill batch: planned on the balances' primary key at 10,000 accounts, no table scanned",
  async (database) => {
    const { db } = database;
    await db.execute(sql`insert into paper_balances (account, asset, free)
    select 'user:' || a, asset, 1000
    from generate_series(1, ${ACCOUNTS}) a,
      unnest(array['USDT', 'BTC', 'ETH', 'BNB', 'SOL', 'XRP', 'DOGE', 'ADA', 'TRX', 'GT']) asset`);
    // A limit for every user: the guard's check of them must not read them all either.
    await db.execute(sql`insert into users (username, email, password_hash, role, unique_id)
    select 'u' || a, 'u' || a || '@example.com', 'x', 'User', a
    from generate_series(1, ${ACCOUNTS}) a`);
    await db.execute(sql`insert into trading_limits (user_id, exchange, max_per_order)
    select id, 'binance', 1000 from users`);
    await db.execute(sql`analyze paper_balances, users, trading_limits`);
    // As a prepared statement runs after its first five executions: on its generic plan.
    await db.execute(sql`set plan_cache_mode = force_generic_plan`);
    await db.execute(sql.raw(`prepare batch(json) as ${batchStatement(paperFills)}`));
    const plan = await executeRows<Record<string, string>>(
      db,
      sql`explain execute batch('[]')`,
    );
    const text = plan.map((row) => Object.values(row)[0]).join("\n");
    assert.doesNotMatch(text, /Seq Scan/, text);
    assert.match(text, /paper_balances_account_asset_pk/, text);
    assert.match(text, /trading_limits_user_id_exchange_pk/, text);
  },
);
