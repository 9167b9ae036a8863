// Transactions on PostgreSQL with the paper exchange, against the real server run as a subprocess
// (server/main.ts, engine and api in one process, as by default):
// 1. POST /api/transaction from 50 concurrent connections for 10 s (50 traders, bot mode buy_sell,
//    a paper market order and a row each): requests per second and p99 latency.
// 2. GET /api/transaction page 1 with filters over 1,000,000 transactions: p99 latency per query.
// BENCH_DATABASE_URL names the PostgreSQL server; a scratch database is created and dropped.
import { cpuMs } from "../support/process-stats.ts";
import { startBenchServer } from "../support/bench-server.ts";
import { BENCH_DATABASE_URL, scratchDatabase } from "../support/scratch-database.ts";
import postgres from "postgres";
import { createSession } from "../../server/auth/sessions.ts";
import { randomHex } from "../../server/core/hex.ts";
import { createSecretBox } from "../../server/core/secret-box.ts";
import { openDatabase } from "../../server/db/client.ts";
import { users } from "../../server/db/schema.ts";
import { PAIRS as MARKET_PAIRS } from "../../server/exchanges/pairs.shared.ts";

const CONNECTIONS = 50;
const POST_SECONDS = 10;
const WARMUP_SECONDS = 2;
const MIN_POSTS_PER_SECOND = 1_500;
const MAX_POST_P99_MS = 50;
const ROWS = 1_000_000;
const LIST_REQUESTS = 400;
const MAX_LIST_P99_MS = 15;
/**
 * PostgreSQL plans a prepared statement afresh on its first five executions on each connection
 * (about 4 ms for a list's here) before it keeps a generic plan. The list runs two statements on
 * two of the server's 20 pooled connections, so 200 requests take every connection past that: the
 * figures are the steady state, and the warm-up's own p99 is printed beside them.
 */
const LIST_WARMUP_REQUESTS = 200;
/** "post" or "list" runs one phase only, while tuning. */
const ONLY = Deno.env.get("BENCH_ONLY");
/** Every priced pair, in the spec's order: the bulk rows cycle through them. */
const PAIRS = MARKET_PAIRS.filter((p) => !p.nft).map((p) => p.value);

/** An Admin, 50 Lead traders with Binance keys and 150 Users, each with a signed-in token. */
export async function seedPeople(url: string, appKey: string) {
  const database = await openDatabase({ url, max: 4 });
  const box = await createSecretBox(appKey);
  const now = new Date();
  const person = async (i: number, role: "Admin" | "Lead" | "User") => ({
    username: `${role.toLowerCase()}_${i}`,
    email: `${role.toLowerCase()}_${i}@example.com`,
    passwordHash: "x",
    role,
    uniqueId: 100_000 + i,
    totpEnabled: true,
    useBot: "buy_sell" as const,
    binanceKey: role === "Lead" ? await box.seal(`key-${i}`) : null,
    binanceSecret: role === "Lead" ? await box.seal(`secret-${i}`) : null,
  });
  const rows = [await person(0, "Admin")];
  for (let i = 1; i <= CONNECTIONS; i++) rows.push(await person(i, "Lead"));
  for (let i = CONNECTIONS + 1; i <= 200; i++) rows.push(await person(i, "User"));
  const inserted = await database.db.insert(users).values(rows).returning();
  const tokens = new Map<string, string>();
  for (const u of inserted) {
    tokens.set(u.username, await createSession(database.db, u.id, "full", now, 12));
  }
  await database.close();
  return {
    admin: tokens.get("admin_0")!,
    traders: inserted.filter((u) => u.role === "Lead").map((u) => tokens.get(u.username)!),
    user: { token: tokens.get("user_51")!, name: "user_51" },
  };
}

async function bulkTransactions(url: string) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const started = performance.now();
  // use_bot none: the running bot worker has nothing to close among them.
  await sql`insert into transactions (user_id, status, pair, exchange, adapter, use_bot,
      market_price, buy_price, sell_price, amount, quantity, created_at, updated_at)
    select u.ids[1 + g % array_length(u.ids, 1)],
      (case when g % 10 = 0 then 'BUY' when g % 10 = 1 then 'SELL' else 'DONE' end)::transaction_status,
      (${PAIRS}::text[])[1 + (g / 7) % ${PAIRS.length}],
      'binance', 'paper', 'none',
      60000 + g % 997, 60000 + g % 997, 60100 + g % 1009, 100, 0.00166389,
      now() - interval '1 hour' - g * interval '5 seconds', now()
    from generate_series(1, ${ROWS}) g,
      (select array_agg(id order by id) ids from users) u`;
  await sql`vacuum analyze transactions`;
  // The load leaves about 500 MB of WAL: without a checkpoint now, PostgreSQL writes it out over
  // the next minute, during the list requests, and they measure the load's aftermath.
  await sql`checkpoint`;
  await sql.end();
  return (performance.now() - started) / 1000;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

export function createBody(price: string) {
  return JSON.stringify({
    marketPrice: price,
    pair: "btc_usdt",
    amount: "10",
    buyPrice: price,
    // Far above the market: the bot worker keeps them open, as a real buy_sell would be.
    sellPrice: String(Number(price) * 2),
    useBot: "buy_sell",
    status: "BUY",
    exchange: "binance",
  });
}

export interface LoadResult {
  tool: string;
  count: number;
  rate: number;
  p50: number;
  p99: number;
  failures: Map<string, number>;
}

/**
 * The load generator: wrk (Debian package `wrk`) when installed, as it costs the shared 2 cores
 * little; else each of 50 Deno fetch loops posts BUYs for its own trader until the deadline.
 */
let wrkFound: boolean | undefined;
function hasWrk() {
  if (wrkFound === undefined) {
    try {
      new Deno.Command("wrk", { args: ["--version"], stdout: "null", stderr: "null" }).outputSync();
      wrkFound = true;
    } catch {
      wrkFound = false;
    }
  }
  return wrkFound;
}

export async function postLoad(base: string, traders: string[], body: string, seconds: number) {
  return hasWrk()
    ? await wrkLoad(base, traders, body, seconds)
    : await fetchLoad(base, traders, body, seconds);
}

async function fetchLoad(
  base: string,
  traders: string[],
  body: string,
  seconds: number,
): Promise<LoadResult> {
  const latencies: number[] = [];
  const failures = new Map<string, number>();
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(traders.map(async (token) => {
    const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    while (performance.now() < deadline) {
      const t0 = performance.now();
      const res = await fetch(`${base}/api/transaction`, { method: "POST", headers, body });
      const text = await res.text();
      latencies.push(performance.now() - t0);
      if (res.status !== 201) {
        const key = `${res.status} ${text.slice(0, 120)}`;
        failures.set(key, (failures.get(key) ?? 0) + 1);
      }
    }
  }));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    tool: "Deno fetch",
    count: latencies.length,
    rate: latencies.length / elapsed,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    failures,
  };
}

const WRK_THREADS = 2;
const WRK_SCRIPT = new URL("./post-load.lua", import.meta.url).pathname;

/** wrk's "1.23ms" / "635.91us" / "1.02s" in milliseconds. */
function wrkMs(text: string) {
  const [, value, unit] = /([\d.]+)(us|ms|s)/.exec(text)!;
  return Number(value) * ({ us: 0.001, ms: 1, s: 1000 } as Record<string, number>)[unit];
}

async function wrkLoad(
  base: string,
  traders: string[],
  body: string,
  seconds: number,
): Promise<LoadResult> {
  const out = await new Deno.Command("wrk", {
    args: [
      `-t${WRK_THREADS}`,
      `-c${traders.length}`,
      `-d${seconds}s`,
      "--latency",
      "-s",
      WRK_SCRIPT,
      `${base}/api/transaction`,
      "--",
      String(WRK_THREADS),
      body,
      ...traders,
    ],
    stdout: "piped",
    stderr: "inherit",
  }).output();
  const text = new TextDecoder().decode(out.stdout);
  const line = (re: RegExp) => {
    const match = re.exec(text);
    if (!match) throw new Error(`unexpected wrk output:\n${text}`);
    return match[1];
  };
  const failures = new Map<string, number>();
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(text);
  if (non2xx) failures.set("non-2xx responses", Number(non2xx[1]));
  const errors = /Socket errors: (.*)/.exec(text);
  if (errors) failures.set(`socket errors (${errors[1]})`, 1);
  return {
    tool: `wrk, ${WRK_THREADS} threads`,
    count: Number(line(/(\d+) requests in/)),
    rate: Number(line(/Requests\/sec:\s+([\d.]+)/)),
    p50: wrkMs(line(/ 50%\s+(\S+)/)),
    p99: wrkMs(line(/ 99%\s+(\S+)/)),
    failures,
  };
}

async function listLatency(base: string, token: string, query: string, pid: number) {
  const get = async () => {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/transaction?${query}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = await res.json();
    if (res.status !== 200) throw new Error(`GET ${query}: ${res.status} ${JSON.stringify(body)}`);
    return { ms: performance.now() - t0, body };
  };
  const warmup: number[] = [];
  for (let i = 0; i < LIST_WARMUP_REQUESTS; i++) warmup.push((await get()).ms);
  warmup.sort((a, b) => a - b);
  const times: number[] = [];
  let last;
  const cpuBefore = cpuMs(pid);
  for (let i = 0; i < LIST_REQUESTS; i++) {
    last = await get();
    times.push(last.ms);
  }
  const cpu = (cpuMs(pid) - cpuBefore) / LIST_REQUESTS;
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 0.5),
    p99: percentile(times, 0.99),
    warmupP99: percentile(warmup, 0.99),
    cpu,
    body: last!.body,
  };
}

const ms = (v: number) => `${v.toFixed(1)} ms`;

/** The machine's 1-minute load: benchmarks on a shared machine are only as good as this. */
const loadAverage = () => Deno.loadavg()[0].toFixed(2);

async function postPhase(base: string, traders: string[], price: string, pid: number, url: string) {
  const body = createBody(price);
  await postLoad(base, traders, body, WARMUP_SECONDS);
  const before = await transactionCount(url);
  const cpuBefore = cpuMs(pid);
  const post = await postLoad(base, traders, body, POST_SECONDS);
  const cpuPerRequest = (cpuMs(pid) - cpuBefore) / post.count;
  // Every answered request must be a created transaction, whichever tool counted them.
  const created = await transactionCount(url) - before;
  if (created < post.count - traders.length) {
    post.failures.set(`${post.count} answered but ${created} created`, 1);
  }
  const ok = post.failures.size === 0 && post.rate >= MIN_POSTS_PER_SECOND &&
    post.p99 < MAX_POST_P99_MS;
  console.log(
    `POST /api/transaction, ${CONNECTIONS} connections, ${POST_SECONDS} s (${post.tool}): ` +
      `${created} created, ${Math.round(post.rate)} req/s (limit >= ${MIN_POSTS_PER_SECOND}), ` +
      `p50 ${ms(post.p50)}, p99 ${ms(post.p99)} (limit < ${MAX_POST_P99_MS} ms) ` +
      `${ok ? "OK" : "OVER"}; server CPU ${cpuPerRequest.toFixed(2)} ms/request; ` +
      `load average ${loadAverage()}`,
  );
  for (const [what, n] of post.failures) console.log(`  ${n} x ${what}`);

  return ok;
}

async function transactionCount(url: string) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const [{ n }] = await sql`select count(*)::int as n from transactions`;
  await sql.end();
  return n as number;
}

export async function run(): Promise<boolean> {
  const db = await scratchDatabase(BENCH_DATABASE_URL, `gb_bench_tx_${Deno.pid}`);
  const appKey = randomHex(32);
  const dataDir = await Deno.makeTempDir();
  let child: Deno.ChildProcess | undefined;
  try {
    const people = await seedPeople(db.url, appKey);
    const server = await startBenchServer({
      DATABASE_URL: db.url,
      APP_SECRET_KEY: appKey,
      ROLES: "both",
      // A still market: the client's price stays the feed's, so no request is "fluctuating".
      MARKET_SIM_INTERVAL_MS: "3600000",
      DATA_DIR: dataDir,
    });
    child = server.child;
    const base = server.base;
    const prices = await (await fetch(`${base}/api/Summaries/prices?exchange=binance`, {
      headers: { authorization: `Bearer ${people.admin}` },
    })).json();

    let postOk = true;
    if (ONLY !== "list") {
      postOk = await postPhase(base, people.traders, prices.btc_usdt, child.pid, db.url);
    }
    if (ONLY === "post") return postOk;

    const seconds = await bulkTransactions(db.url);
    console.log(`bulk-inserted ${ROWS} transactions and analyzed in ${seconds.toFixed(1)} s`);
    const queries: [string, string, string][] = [
      ["Admin, viewAll, pair", people.admin, "page=1&limit=10&viewAll=true&pair=eth_usdt"],
      [
        "Admin, viewAll, pair + sell price range",
        people.admin,
        "page=1&limit=10&viewAll=true&pair=btc_usdt&sellPriceStart=60200&sellPriceEnd=60600",
      ],
      ["Admin, viewAll, username", people.admin, "page=1&limit=10&viewAll=true&username=user_7"],
      ["Admin, viewAll, status DONE", people.admin, "page=1&limit=10&viewAll=true&status=DONE"],
      ["User, own, pair", people.user.token, "page=1&limit=10&pair=btc_usdt"],
    ];
    let listOk = true;
    for (const [label, token, query] of queries) {
      const r = await listLatency(base, token, query, child.pid);
      const ok = r.p99 < MAX_LIST_P99_MS;
      listOk &&= ok;
      console.log(
        `GET /api/transaction page 1 (${label}; totals ${r.body.BUY.totalItems}/` +
          `${r.body.SELL.totalItems}/${r.body.ALL.totalItems}): p50 ${ms(r.p50)}, ` +
          `p99 ${ms(r.p99)} (limit < ${MAX_LIST_P99_MS} ms) ${ok ? "OK" : "OVER"}; ` +
          `warm-up p99 ${ms(r.warmupP99)}; ` +
          `server CPU ${r.cpu.toFixed(2)} ms/request; load average ${loadAverage()}`,
      );
    }
    return postOk && listOk;
  } finally {
    if (child) {
      child.kill("SIGTERM");
      await child.status;
    }
    await Deno.remove(dataDir, { recursive: true });
    await db.drop();
  }
}

if (import.meta.main) Deno.exit((await run()) ? 0 : 1);
