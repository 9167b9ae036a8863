// The desk on PostgreSQL with two instances (issue 28): both read the same positions and closes,
// and one close wins across them. Also the plans of the positions and candles reads with many rows.
import assert from "node:assert/strict";
import { sql } from "drizzle-orm";
import { recordedBarsQuery } from "../../server/desk/candles.ts";
import { positionRowsQuery } from "../../server/desk/positions.ts";
import type { DeskPositionsAnswer } from "../../server/desk/schema.shared.ts";
import { executeRows } from "../../server/db/raw-rows.ts";
import { TEST_DATABASE_URL } from "../support/database.ts";
import { secondInstance } from "../support/second-instance.ts";
import { caller, makeTestApp, type TestApp } from "../support/test-app.ts";
import { buyBody, expectStatus, giveKeys, json } from "./transactions-fixtures.ts";

Deno.test({
  name:
    "desk, two instances: both see the position, one closes it, the other sees the close; one wins a race",
  ignore: !TEST_DATABASE_URL,
  fn: async () => {
    const t = await makeTestApp();
    const other = await secondInstance(t);
    try {
      const lead = await t.user("Lead");
      await giveKeys(t, lead.id, "binance");
      t.market.sim("binance")!.setPrice("btc_usdt", "60000");
      const open = async () =>
        (await expectStatus(t, 201, "POST", "/api/transaction", {
          token: lead.token,
          body: buyBody(t, { sellPrice: "61000" }),
        })).transaction;
      const first = await open();
      const call2 = caller(other.app);
      const seen: DeskPositionsAnswer = await json(
        await call2("GET", "/api/desk/positions", { token: lead.token }),
      );
      assert.deepEqual(seen.items.map((p) => p.id), [first.id]);
      const closed = await call2("POST", `/api/desk/positions/${first.id}/close`, {
        token: lead.token,
      });
      assert.equal(closed.status, 200, await closed.clone().text());
      const list = await expectStatus(t, 200, "GET", "/api/desk/closed", { token: lead.token });
      assert.deepEqual(list.items.map((c: { id: number }) => c.id), [first.id]);
      const none = await expectStatus(t, 200, "GET", "/api/desk/positions", { token: lead.token });
      assert.equal(none.totalItems, 0);

      const second = await open();
      const path = `/api/desk/positions/${second.id}/close`;
      const answers = await Promise.all([
        t.call("POST", path, { token: lead.token }),
        call2("POST", path, { token: lead.token }),
      ]);
      assert.deepEqual(answers.map((r) => r.status).sort(), [200, 409]);
    } finally {
      await other.close();
      await t.close();
    }
  },
});

async function plan(t: TestApp, query: { toSQL(): { sql: string; params: unknown[] } }) {
  const { sql: text, params } = query.toSQL();
  const rows = await t.deps.database.sql!.unsafe(
    `explain (format json) ${text}`,
    params as never[],
  );
  return JSON.stringify(rows[0]["QUERY PLAN"]);
}

Deno.test({
  name:
    "desk plans: with 60,000 rows and 60,000 candles the positions and candles reads use their indexes",
  ignore: !TEST_DATABASE_URL,
  fn: async () => {
    const t = await makeTestApp();
    try {
      const users = [await t.user("Lead"), await t.user("Lead"), await t.user("Lead")];
      for (const u of users) {
        await executeRows(
          t.deps.db,
          sql`insert into transactions (user_id, status, pair, exchange,
            adapter, market_price, buy_price, sell_price, amount, quantity, created_at, updated_at)
          select ${u.id}, (case when i % 200 = 0 then 'BUY' else 'DONE' end)::transaction_status,
            'btc_usdt', 'binance', 'paper', 60000, 60000, 60600, 60, 0.001,
            now() - i * interval '1 minute', now()
          from generate_series(1, 20000) i`,
        );
      }
      await executeRows(
        t.deps.db,
        sql`insert into candles (exchange, pair, open_time, open, high,
          low, close)
        select x, p, date_trunc('minute', now()) - i * interval '1 minute', 1, 2, 0.5, 1.5
        from generate_series(1, 10000) i, unnest(array['binance', 'gate']) x,
          unnest(array['btc_usdt', 'eth_usdt', 'bnb_usdt']) p`,
      );
      await executeRows(t.deps.db, sql`analyze transactions`);
      await executeRows(t.deps.db, sql`analyze candles`);

      const positions = await plan(t, positionRowsQuery(t.deps, users[1].id, {}));
      assert.match(positions, /transactions_list_user/, positions);
      assert.doesNotMatch(positions, /Seq Scan/, positions);
      const from = Date.now() - 500 * 60_000;
      const bars = await plan(
        t,
        recordedBarsQuery(t.deps, { exchange: "binance", pair: "btc_usdt" }, 300_000, from),
      );
      assert.match(bars, /candles_exchange_pair_open_time_pk/, bars);
      assert.doesNotMatch(bars, /Seq Scan/, bars);
    } finally {
      await t.close();
    }
  },
});
