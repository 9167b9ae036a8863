// The Transaction Report over 1,000,000 transactions on PostgreSQL, downloaded from the real
// server run as a subprocess: rows per second, the server's CPU time per row, and how far its
// resident memory (VmRSS from /proc) rises. BENCH_DATABASE_URL names the server; a scratch
// database is created on it and dropped afterwards. To compare settings: REPORT_PAGE_SIZE is
// passed to the server, BENCH_V8_FLAGS to deno (default: the flag `deno task start` and
// deploy/gatebot.service run the server with).
import { cpuMs, rssMb } from "../support/process-stats.ts";
import { startBenchServer } from "../support/bench-server.ts";
import { signIn } from "../support/cluster.ts";
import { BENCH_DATABASE_URL, scratchDatabase } from "../support/scratch-database.ts";
import { hashPassword } from "../../server/auth/password.ts";
import { randomHex } from "../../server/core/hex.ts";
import { createSecretBox } from "../../server/core/secret-box.ts";
import { openDatabase } from "../../server/db/client.ts";
import { users } from "../../server/db/schema.ts";

const ROWS = 1_000_000;
const MIN_ROWS_PER_SECOND = 200_000;
const MAX_RSS_GROWTH_MB = 64;
const FIRST = Date.parse("2026-01-01T00:00:00Z");
const STEP_MS = 2_500; // 1,000,000 rows over about 29 days

const V8_FLAGS = Deno.env.get("BENCH_V8_FLAGS")?.split(" ").filter(Boolean);

/** 50 users and ROWS transactions written by the database itself. */
async function seed(url: string, appKey: string) {
  const database = await openDatabase({ url, max: 2 });
  const box = await createSecretBox(appKey);
  const totpSecret = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
  const password = "bench-password";
  await database.db.insert(users).values({
    username: "bench_admin",
    email: "bench_admin@example.com",
    passwordHash: await hashPassword(password, { memorySize: 64, iterations: 1 }),
    role: "Admin",
    uniqueId: 999_999,
    totpEnabled: true,
    totpSecret: await box.seal(totpSecret),
  });
  const sql = database.sql!;
  await sql`insert into users (username, email, password_hash, unique_id)
    select 'trader_' || g, 'trader_' || g || '@example.com', 'x', 100000 + g
    from generate_series(1, 50) g`;
  await sql`insert into transactions (user_id, status, pair, exchange, adapter, use_bot,
      market_price, buy_price, sell_price, amount, quantity, hash, order_id, created_at,
      updated_at)
    select u.ids[1 + g % 50],
      (array['BUY', 'SELL', 'DONE'])[1 + g % 3]::transaction_status,
      (array['btc_usdt', 'eth_usdt', 'bnb_usdt'])[1 + g % 3],
      'binance', 'paper', 'buy_sell',
      60000 + g % 1000, 60000 + g % 1000, 60100.5 + g % 1000, 100, 0.00166389,
      -- a real-looking hash; one row in a thousand has a cell that must be quoted
      case when g % 1000 = 0 then 'note, "quoted"' else md5(g::text) end,
      'tx' || g,
      to_timestamp(${FIRST / 1000}) + g * interval '${sql.unsafe(String(STEP_MS))} milliseconds',
      now()
    from generate_series(1, ${ROWS}) g,
      (select array_agg(id order by id) ids from users where username like 'trader_%') u`;
  await sql`analyze transactions`;
  await database.close();
  return { username: "bench_admin", password, totpSecret };
}

/** Downloads the report, sampling the server's RSS while the body streams. */
async function download(base: string, token: string, pid: number, range: object) {
  let peak = rssMb(pid);
  const cpuBefore = cpuMs(pid);
  const sampler = setInterval(() => peak = Math.max(peak, rssMb(pid)), 20);
  const started = performance.now();
  const res = await fetch(`${base}/api/transaction/report`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(range),
  });
  if (res.status !== 200) throw new Error(`report failed: ${res.status} ${await res.text()}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body!) {
    bytes += chunk.length;
    // indexOf is a native scan: the client must not be what slows the download down.
    for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) lines++;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const cpu = (cpuMs(pid) - cpuBefore) / 1000;
  return { rows: lines - 1, bytes, seconds, cpu, peak: Math.max(peak, rssMb(pid)) };
}

export async function run(): Promise<boolean> {
  const db = await scratchDatabase(BENCH_DATABASE_URL, `gb_bench_reports_${Deno.pid}`);
  const appKey = randomHex(32);
  let child: Deno.ChildProcess | undefined;
  try {
    const seedStart = performance.now();
    const login = await seed(db.url, appKey);
    console.log(
      `seeded ${ROWS} transactions in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    );
    const server = await startBenchServer({
      DATABASE_URL: db.url,
      APP_SECRET_KEY: appKey,
      ROLES: "api",
      ...(Deno.env.get("REPORT_PAGE_SIZE")
        ? { REPORT_PAGE_SIZE: Deno.env.get("REPORT_PAGE_SIZE")! }
        : {}),
    }, V8_FLAGS);
    child = server.child;
    const base = server.base;
    const token = await signIn(base, login);

    // A small report first, so code paths are compiled and pools are warm before measuring.
    await download(base, token, child.pid, { start: FIRST, end: FIRST + 60 * 60_000 });
    const cold = rssMb(child.pid);
    // A tenth of the rows, then all of them: if memory followed the row count, the second
    // download would peak far above the first.
    const tenth = await download(base, token, child.pid, {
      start: FIRST,
      end: FIRST + (ROWS / 10) * STEP_MS,
    });
    const warm = rssMb(child.pid);
    const all = { start: FIRST, end: FIRST + (ROWS + 1) * STEP_MS };
    const result = await download(base, token, child.pid, all);
    // Once more: a steady server peaks where it did, however many reports it has streamed.
    const again = await download(base, token, child.pid, all);
    const rate = result.rows / result.seconds;
    const growth = result.peak - warm;
    const rateOk = result.rows === ROWS && rate >= MIN_ROWS_PER_SECOND;
    const memoryOk = growth < MAX_RSS_GROWTH_MB;
    console.log(
      `transaction report: ${result.rows} rows, ${(result.bytes / 1e6).toFixed(1)} MB in ` +
        `${result.seconds.toFixed(2)} s = ${Math.round(rate)} rows/s ` +
        `(limit >= ${MIN_ROWS_PER_SECOND}) ${rateOk ? "OK" : "TOO SLOW"}`,
    );
    console.log(
      `server CPU: ${result.cpu.toFixed(2)} s = ${
        (result.cpu * 1e6 / result.rows).toFixed(2)
      } us ` +
        `a row (${Math.round(result.rows / result.cpu)} rows per CPU-second); machine load ` +
        `${Deno.loadavg()[0].toFixed(1)} on ${navigator.hardwareConcurrency} cores`,
    );
    console.log(
      `server RSS: ${cold.toFixed(1)} MB idle; ${tenth.rows} rows peaked at ` +
        `${tenth.peak.toFixed(1)} MB (the V8 heap sizing itself for a first large download: ` +
        `+${(tenth.peak - cold).toFixed(1)} MB); ${result.rows} rows peaked at ` +
        `${result.peak.toFixed(1)} MB, ${growth.toFixed(1)} MB above the ${warm.toFixed(1)} MB ` +
        `it started from (limit < ${MAX_RSS_GROWTH_MB} MB) ${memoryOk ? "OK" : "OVER"}; ` +
        `the same report again peaked at ${again.peak.toFixed(1)} MB`,
    );
    return rateOk && memoryOk;
  } finally {
    if (child) {
      child.kill("SIGTERM");
      await child.status;
    }
    await db.drop();
  }
}

if (import.meta.main) Deno.exit((await run()) ? 0 : 1);
