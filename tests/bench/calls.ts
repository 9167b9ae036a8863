// Call history and profit over 1,000,000 transactions and 100,000 calls on PostgreSQL (issue 29),
// asked of the real server run as a subprocess: GET /calls (everyone's, one Lead's, a later page,
// a pair), GET /profits, GET /profits/series for a month and for all time, GET /calls/figures
// and the End of Shift report (POST /shift-report/daily-report) for a day, a month and a month that
// cuts a UTC day at each end. Each answers REQUESTS times after a warm-up; the p95 of each is held
// under 100 ms (docs/reports.md#calls).
// BENCH_DATABASE_URL names the server; a scratch database is created on it and dropped afterwards
// (kept, its name printed, with BENCH_KEEP_DATABASE=1: to EXPLAIN the queries on the seeded rows).
import { startBenchServer } from "../support/bench-server.ts";
import { BENCH_DATABASE_URL, scratchDatabase } from "../support/scratch-database.ts";
import { randomHex, sha256Hex } from "../../server/core/hex.ts";
import { openDatabase } from "../../server/db/client.ts";
import { sessions } from "../../server/db/schema.ts";

const ROWS = 1_000_000;
const CALLS = 100_000;
const RECIPIENTS = 5;
const REQUESTS = 40;
const LIMIT_P95_MS = 100;
const FIRST = Date.parse("2026-01-01T00:00:00Z");
const STEP_MS = 2_500; // 1,000,000 rows over about 29 days
const CALL_STEP_MS = (ROWS * STEP_MS) / CALLS; // a call every 25 s over the same days

/** 50 traders in 5 groups with a Lead each, ROWS transactions (a third closed with a result),
 * CALLS calls with RECIPIENTS lines each; an Admin with a live session. */
async function seed(url: string) {
  const database = await openDatabase({ url, max: 2 });
  const sql = database.sql!;
  await sql`insert into users (username, email, password_hash, unique_id, role)
    values ('bench_admin', 'bench_admin@example.com', 'x', 999999, 'Admin')`;
  await sql`insert into users (username, email, password_hash, unique_id, role, "group")
    select 'lead_' || g, 'lead_' || g || '@example.com', 'x', 200000 + g, 'Lead', 'g' || g
    from generate_series(1, 5) g`;
  await sql`insert into users (username, email, password_hash, unique_id, "group")
    select 'trader_' || g, 'trader_' || g || '@example.com', 'x', 100000 + g, 'g' || (1 + g % 5)
    from generate_series(1, 50) g`;
  await sql`insert into transactions (user_id, status, pair, exchange, adapter, use_bot,
      market_price, buy_price, sell_price, amount, quantity, filled_quantity, avg_price,
      fee, fee_asset, filled_price, close_quantity, close_fee, close_fee_asset, realized_pnl,
      kind, created_at, updated_at)
    select u.ids[1 + g % 50],
      (array['BUY', 'SELL', 'DONE'])[1 + g % 3]::transaction_status,
      (array['btc_usdt', 'eth_usdt', 'bnb_usdt'])[1 + g % 3],
      (array['binance', 'gate'])[1 + g % 2]::exchange, 'paper', 'buy_sell',
      60000, 60000, 60100, 100, 0.00166, 0.00166, 60000 + g % 100, 0.06, 'USDT',
      case when g % 3 = 2 then 60050 + g % 100 end,
      case when g % 3 = 2 then 0.00166 end,
      case when g % 3 = 2 then 0.06 end,
      case when g % 3 = 2 then 'USDT' end,
      case when g % 3 = 2 then round(((g % 200) - 90) * 0.00166 - 0.12, 8) end,
      (case when g % 97 = 0 then 'missed_call' else 'trade' end)::transaction_kind,
      to_timestamp(${FIRST / 1000}) + g * interval '${sql.unsafe(String(STEP_MS))} milliseconds',
      now()
    from generate_series(1, ${ROWS}) g,
      (select array_agg(id order by id) ids from users where username like 'trader_%') u`;
  await sql`insert into calls (id, from_user_id, from_username, "group", target, count,
      created_at, expires_at)
    select 'call' || c, l.id, l.username, l."group",
      (array['BUY', 'SELL', 'btc_usdt'])[1 + c % 3], 1,
      to_timestamp(${FIRST / 1000}) + c * interval '${sql.unsafe(String(CALL_STEP_MS))} ms',
      to_timestamp(${FIRST / 1000}) + c * interval '${sql.unsafe(String(CALL_STEP_MS))} ms'
        + interval '20 seconds'
    from generate_series(1, ${CALLS}) c
    join users l on l.username = 'lead_' || (1 + c % 5)`;
  await sql`insert into call_recipients (call_id, user_id, call_at, pair, state, delivery,
      reaction_ms)
    select c.id, u.id, c.created_at, 'btc_usdt',
      (array['traded', 'seen', 'missed', 'notified', 'refused'])[1 + abs(hashtext(c.id) + r) % 5],
      'page', case when abs(hashtext(c.id) + r) % 5 = 0 then 500 + r * 700 end
    from calls c, generate_series(0, ${RECIPIENTS - 1}) r,
      lateral (select id from users where "group" = c."group" and role = 'User'
        order by id offset r limit 1) u`;
  // Vacuumed as autovacuum keeps it: the seed's 333,000 closes each rewrote a profit_days row,
  // whose dead versions autovacuum clears after a few hundred (docs/reports.md#speed).
  await sql`vacuum analyze`;
  const [admin] = await sql`select id from users where username = 'bench_admin'`;
  const [lead] = await sql`select id from users where username = 'lead_1'`;
  const token = randomHex(32);
  await database.db.insert(sessions).values({
    id: await sha256Hex(token),
    userId: admin.id,
    scope: "full",
    expiresAt: new Date(Date.now() + 3600_000),
  });
  await database.close();
  return { token, leadId: lead.id as number };
}

function pct(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** `path`'s p95 over REQUESTS after 3; a POST when `json` is given (a CSV report, read whole). */
async function measure(base: string, token: string, path: string, json?: unknown) {
  const times: number[] = [];
  for (let i = 0; i < REQUESTS + 3; i++) {
    const started = performance.now();
    const res = await fetch(`${base}${path}`, {
      method: json === undefined ? "GET" : "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    const body = await res.text();
    // A request past the server's deadline (503) fails this figure, not the ones after it.
    if (res.status !== 200) {
      console.log(
        `${path}: ${res.status} ${body.slice(0, 300)} (limit < ${LIMIT_P95_MS} ms) FAILED`,
      );
      return false;
    }
    if (i >= 3) times.push(performance.now() - started);
  }
  const p95 = pct(times, 95);
  const ok = p95 < LIMIT_P95_MS;
  console.log(
    `${json === undefined ? "GET" : "POST"} ${path}: p50 ${pct(times, 50).toFixed(1)} ms, p95 ${
      p95.toFixed(1)
    } ms ` +
      `(limit < ${LIMIT_P95_MS} ms) ${ok ? "OK" : "TOO SLOW"}`,
  );
  return ok;
}

export async function run(): Promise<boolean> {
  const db = await scratchDatabase(BENCH_DATABASE_URL, `gb_bench_calls_${Deno.pid}`);
  let child: Deno.ChildProcess | undefined;
  try {
    // Migrated before the server starts: an api instance leaves migrations to the engines, and
    // its health check read a database without tables ("relation users does not exist").
    await (await openDatabase({ url: db.url, max: 1 })).close();
    const appKey = randomHex(32);
    const server = await startBenchServer({
      DATABASE_URL: db.url,
      APP_SECRET_KEY: appKey,
      ADMIN_PASSWORD: "bench-password",
      ROLES: "api",
    });
    child = server.child;
    const seedStart = performance.now();
    const { token, leadId } = await seed(db.url);
    console.log(
      `seeded ${ROWS} transactions, ${CALLS} calls, ${CALLS * RECIPIENTS} recipient lines in ` +
        `${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    );
    const month = `start=${FIRST + 5 * 86_400_000}&end=${FIRST + 35 * 86_400_000}`;
    const results = [];
    for (
      const path of [
        "/api/calls?limit=20",
        `/api/calls?limit=20&leadId=${leadId}`,
        "/api/calls?limit=20&page=200",
        "/api/calls?limit=20&pair=btc_usdt&target=BUY",
        `/api/calls?limit=20&${month}`,
        "/api/profits?limit=20",
        `/api/profits?limit=20&${month}`,
        "/api/profits/series?groupBy=day",
        "/api/profits/series?groupBy=user",
      ]
    ) results.push(await measure(server.base, token, path));
    // Per-person call figures and the End of Shift report (its calls columns), a day and a month.
    const day = { start: FIRST + 5 * 86_400_000, end: FIRST + 6 * 86_400_000 - 1 };
    // The last range is a month from a viewer's midnight at UTC+1: it cuts a UTC day at each end,
    // which are read from their lines (docs/reports.md#speed).
    for (
      const range of [day, { start: day.start, end: FIRST + 35 * 86_400_000 }, {
        start: day.start - 3_600_000,
        end: FIRST + 35 * 86_400_000 - 3_600_001,
      }]
    ) {
      const query = `start=${range.start}&end=${range.end}`;
      results.push(await measure(server.base, token, `/api/calls/figures?${query}`));
      results.push(await measure(server.base, token, "/api/shift-report/daily-report", range));
    }
    results.push(await measure(server.base, token, "/api/calls/figures"));
    console.log(
      `machine load ${Deno.loadavg()[0].toFixed(1)} on ${navigator.hardwareConcurrency} cores`,
    );
    return results.every(Boolean);
  } finally {
    if (child) {
      child.kill("SIGTERM");
      await child.status;
    }
    if (Deno.env.get("BENCH_KEEP_DATABASE") === "1") console.log(`database kept: ${db.url}`);
    else await db.drop();
  }
}

if (import.meta.main) Deno.exit((await run()) ? 0 : 1);
