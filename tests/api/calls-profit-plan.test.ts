// GET /calls and GET /profits stay fast at any size (issue 29, docs/reports.md#speed): with 60,000
// transactions and 6,000 calls, PostgreSQL must plan a page of calls, its trades, the per-person
// call figures, the End of Shift report's calls columns, and /profit's rows and series on their
// indexes and profit_days, never a sequential scan of transactions, calls
// or call_recipients (which took seconds at 1,000,000 rows). PostgreSQL only: PGlite has no
// planner statistics worth the name at this size, and production runs PostgreSQL.
import assert from "node:assert/strict";
import { type SQL, sql } from "drizzle-orm";
import type { SessionUser } from "../../server/auth/sessions.ts";
import { callPage, figuresQueries } from "../../server/call-board/history.ts";
import { rangeCalls, shiftPage } from "../../server/reports/end-of-shift-report.ts";
import { tradesInCalls } from "../../server/call-board/board.ts";
import { executeRows } from "../../server/db/raw-rows.ts";
import type { Db } from "../../server/db/client.ts";
import { profitItemsSql, profitTotalsSql } from "../../server/profits/service.ts";
import { profitSeriesSql } from "../../server/profits/series.ts";
import { postgresTest } from "../support/database.ts";

const ROWS = 60_000;
const CALLS = 6_000;
const FIRST = Date.UTC(2026, 0, 1);
const DAY = 86_400_000;

async function seed(db: Db) {
  await db.execute(sql`insert into users (username, email, password_hash, unique_id, role, "group")
    select 'plan_' || g, 'plan_' || g || '@example.com', 'x', 300000 + g,
      (case when g <= 2 then 'Lead' else 'User' end)::role, 'g' || (1 + g % 2)
    from generate_series(1, 12) g`);
  await db.execute(sql`insert into transactions (user_id, status, pair, exchange, adapter,
      use_bot, market_price, buy_price, sell_price, amount, quantity, filled_quantity, avg_price,
      filled_price, close_quantity, realized_pnl, created_at)
    select u.ids[1 + g % 10], (array['BUY', 'SELL', 'DONE'])[1 + g % 3]::transaction_status,
      (array['btc_usdt', 'eth_usdt'])[1 + g % 2], 'binance', 'paper', 'buy_sell', 100, 100, 110,
      100, 1, 1, 100, 101, 1, case when g % 3 = 2 then (g % 7) - 3 end,
      to_timestamp(${FIRST / 1000}) + g * interval '40 seconds'
    from generate_series(1, ${ROWS}) g,
      (select array_agg(id order by id) ids from users where role = 'User') u`);
  await db.execute(sql`insert into calls (id, from_user_id, from_username, "group", target, count,
      created_at, expires_at)
    select 'plan' || c, l.id, l.username, l."group", (array['BUY', 'btc_usdt'])[1 + c % 2], 1,
      to_timestamp(${FIRST / 1000}) + c * interval '400 seconds',
      to_timestamp(${FIRST / 1000}) + c * interval '400 seconds' + interval '20 seconds'
    from generate_series(1, ${CALLS}) c join users l on l.username = 'plan_' || (1 + c % 2)`);
  await db.execute(sql`insert into call_recipients (call_id, user_id, call_at, pair, delivery)
    select c.id, u.id, c.created_at, 'btc_usdt', 'page'
    from calls c join users u on u."group" = c."group" and u.role = 'User'`);
  await db.execute(sql`vacuum analyze`);
}

async function plan(db: Db, query: SQL | { toSQL(): { sql: string; params: unknown[] } }) {
  const text = "toSQL" in query ? inline(query.toSQL()) : query;
  const rows = await executeRows<Record<string, string>>(db, sql`explain ${text}`);
  return rows.map((row) => Object.values(row)[0]).join("\n");
}

/** A drizzle query's text with its parameters, for EXPLAIN (which takes no parameters). */
function inline({ sql: text, params }: { sql: string; params: unknown[] }) {
  return sql.raw(text.replace(/\$(\d+)/g, (_, n) => {
    const value = params[Number(n) - 1];
    const literal = value instanceof Date ? value.toISOString() : String(value);
    return `'${literal.replaceAll("'", "''")}'`;
  }));
}

function assertIndexed(text: string, tables = "transactions|calls|call_recipients") {
  assert.doesNotMatch(text, new RegExp(`Seq Scan on (${tables})\\b`), text);
}

postgresTest(
  "calls and profit plans: no sequential scan of transactions, calls or their lines",
  async (database) => {
    const { db } = database;
    await seed(db);
    const admin = { id: 0, role: "Admin", group: "" } as unknown as SessionUser;
    const [lead] = await executeRows<{ id: number }>(
      db,
      sql`select id from users where username = 'plan_1'`,
    );
    const month = { start: FIRST + 5 * DAY, end: FIRST + 20 * DAY - 1 };
    for (
      const query of [
        { page: 1, limit: 20 },
        { page: 50, limit: 20 },
        { page: 1, limit: 20, leadId: lead.id },
        { page: 1, limit: 20, ...month },
        // The pair filter reads calls.pairs (kept by a trigger on the lines), never the lines:
        // a common pair walks calls_created, one no call has is found through calls_pairs.
        { page: 1, limit: 20, pair: "btc_usdt", target: "BUY" },
        { page: 1, limit: 20, pair: "eth_usdt" },
      ]
    ) {
      const filters = { target: undefined, pair: undefined, ...query };
      // Not the count: counting a large share of the calls reads them (docs/reports.md#speed).
      const { page } = callPage(db, admin, filters);
      const pageText = await plan(db, page);
      assertIndexed(pageText);
      assert.match(pageText, filters.pair ? /calls_(created|pairs)/ : /calls_(from_)?created/);
      if (filters.pair) assert.doesNotMatch(pageText, /call_recipients/, pageText);
    }
    // The trigger kept every call's pairs (the filter's truth is its lines').
    const [wrong] = await executeRows<{ n: number }>(
      db,
      sql`select count(*)::int n from calls where pairs <> '{btc_usdt}'`,
    );
    assert.equal(wrong.n, 0);
    const calls = await executeRows<{ id: string; created_at: string; expires_at: string }>(
      db,
      sql`select id, created_at, expires_at from calls order by created_at desc limit 20`,
    );
    const trades = await plan(
      db,
      tradesInCalls(
        db,
        calls.map((c) => ({
          id: c.id,
          createdAt: new Date(c.created_at),
          expiresAt: new Date(c.expires_at),
        })),
        {},
      ),
    );
    assertIndexed(trades);
    assert.match(trades, /transactions_created/, trades);
    // Per-person figures and the End of Shift report's calls columns read each line's kept
    // result (call_recipients.result), never the trades: whole days from call_user_days and
    // call_lead_days, a cut day's lines through call_recipients_call_at, the median's followed
    // lines through call_recipients_traded.
    const day = { start: FIRST + 5 * DAY, end: FIRST + 6 * DAY - 1 };
    const cut = { start: FIRST + 5 * DAY + 3_600_000, end: FIRST + 20 * DAY - 3_600_000 };
    const leadViewer = { id: lead.id, role: "Lead", group: "g2" } as unknown as SessionUser;
    for (const range of [day, month, cut, {}] as { start?: number; end?: number }[]) {
      for (const viewer of [admin, leadViewer]) {
        const [userLines, leadLines] = figuresQueries(viewer, range);
        const users = await plan(db, userLines);
        assertIndexed(users, "transactions|call_recipients");
        assert.doesNotMatch(users, /transactions/, users);
        assert.match(users, /call_user_days/, users);
        if (range.start !== undefined) assert.match(users, /call_recipients_traded/, users);
        const leads = await plan(db, leadLines);
        assertIndexed(leads, "transactions|call_recipients");
        assert.doesNotMatch(leads, /transactions/, leads);
        assert.match(leads, /call_lead_days/, leads);
        if (range === cut) {
          assert.match(users, /call_recipients_call_at/, users);
          assert.match(leads, /call_recipients_call_at/, leads);
        }
      }
      if (range.start === undefined || range.end === undefined) continue;
      const report = { start: range.start, end: range.end };
      const total = await plan(db, rangeCalls(db, report));
      assertIndexed(total, "transactions|call_recipients");
      assert.doesNotMatch(total, /transactions/, total);
      assert.match(total, /call_lead_days/, total);
      const page = await plan(db, shiftPage(db, report, null, 100));
      assertIndexed(page, "transactions|call_recipients");
      assert.match(page, /call_lead_days/, page);
    }
    for (const range of [{}, month, { start: FIRST + 5 * DAY + 3_600_000 }]) {
      const query = { pair: undefined, page: 1, limit: 20, ...range };
      for (const statement of [profitItemsSql(query), profitTotalsSql(query)]) {
        const text = await plan(db, statement);
        assertIndexed(text);
        assert.match(text, /profit_days/, text);
      }
      for (const groupBy of ["day", "user"] as const) {
        const { points, totals } = profitSeriesSql({ ...query, groupBy });
        assertIndexed(await plan(db, points));
        assertIndexed(await plan(db, totals));
      }
    }
  },
);
