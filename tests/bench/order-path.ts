// What an order costs against the least a server can do for one (issue 31), in the same run on
// the same PostgreSQL: 50 connections for 10 s posting a paper BUY (buy_sell, one trader's
// account) to the real server (server/main.ts as a subprocess), then the same load on a bare Hono
// + postgres.js INSERT … RETURNING (tests/support/bare-insert-server.ts). Prints orders/s, p99,
// the ratio of the two rates, and server and PostgreSQL CPU per order (PostgreSQL: the backends
// of the benchmark's own database, read from /proc, so other databases on the server do not
// count). BENCH_DATABASE_URL names the PostgreSQL server.
import postgres from "postgres";
import { randomHex } from "../../server/core/hex.ts";
import { cpuMs } from "../support/process-stats.ts";
import { startBenchServer } from "../support/bench-server.ts";
import { freePort } from "../support/server-process.ts";
import { BENCH_DATABASE_URL, scratchDatabase } from "../support/scratch-database.ts";
import { createBody, type LoadResult, postLoad, seedPeople } from "./transactions.ts";

const CONNECTIONS = 50;
const SECONDS = 10;
const WARMUP_SECONDS = 2;
const MIN_RATIO = 0.25;
const MAX_DB_CPU_MS = 0.2;
const MAX_P99_MS = 40;
/** BENCH_ONE_ACCOUNT=1: every connection posts for one trader (one paper account).  */
const ONE_ACCOUNT = Deno.env.get("BENCH_ONE_ACCOUNT") === "1";
const BARE = new URL("../support/bare-insert-server.ts", import.meta.url).pathname;

/** The CPU so far of every PostgreSQL backend serving `database` (ms). */
async function backendCpu(sql: postgres.Sql, database: string) {
  const rows = await sql`select pid from pg_stat_activity where datname = ${database}
    and pid <> pg_backend_pid()`;
  let total = 0;
  for (const { pid } of rows) {
    try {
      total += cpuMs(pid);
    } catch { /* gone meanwhile */ }
  }
  return total;
}

interface Measured {
  load: LoadResult;
  serverCpu: number;
  dbCpu: number;
}

async function measure(
  base: string,
  pid: number,
  tokens: string[],
  body: string,
  sql: postgres.Sql,
  database: string,
): Promise<Measured> {
  await postLoad(base, tokens, body, WARMUP_SECONDS);
  const server0 = cpuMs(pid);
  const db0 = await backendCpu(sql, database);
  const load = await postLoad(base, tokens, body, SECONDS);
  return {
    load,
    serverCpu: (cpuMs(pid) - server0) / load.count,
    dbCpu: (await backendCpu(sql, database) - db0) / load.count,
  };
}

const line = (label: string, m: Measured) =>
  `${label}: ${Math.round(m.load.rate)} req/s, p50 ${m.load.p50.toFixed(1)} ms, p99 ` +
  `${m.load.p99.toFixed(1)} ms, server CPU ${m.serverCpu.toFixed(3)} ms/req, PostgreSQL CPU ` +
  `${m.dbCpu.toFixed(3)} ms/req` +
  (m.load.failures.size
    ? `; failures: ${[...m.load.failures].map(([k, n]) => `${n} x ${k}`)}`
    : "");

export async function run(): Promise<boolean> {
  const name = `gb_bench_order_${Deno.pid}`;
  const db = await scratchDatabase(BENCH_DATABASE_URL, name);
  const sql = postgres(db.url, { max: 1, onnotice: () => {} });
  const appKey = randomHex(32);
  const dataDir = await Deno.makeTempDir();
  let product: Deno.ChildProcess | undefined;
  let bare: Deno.ChildProcess | undefined;
  try {
    const people = await seedPeople(db.url, appKey);
    const server = await startBenchServer({
      DATABASE_URL: db.url,
      APP_SECRET_KEY: appKey,
      ROLES: "both",
      MARKET_SIM_INTERVAL_MS: "3600000",
      DATA_DIR: dataDir,
      // One account posting for 12 s spends more than the default start balance: its orders
      // would be measured as refusals.
      PAPER_START_BALANCES: "USDT:1000000000,BTC:1000",
    });
    product = server.child;
    const prices = await (await fetch(`${server.base}/api/Summaries/prices?exchange=binance`, {
      headers: { authorization: `Bearer ${people.admin}` },
    })).json();
    const body = createBody(prices.btc_usdt);
    // One trader's account from every connection, as the issue measured it.
    const tokens = ONE_ACCOUNT ? Array(CONNECTIONS).fill(people.traders[0]) : people.traders;
    const ours = await measure(server.base, product.pid, tokens, body, sql, name);
    product.kill("SIGTERM");
    await product.status;
    product = undefined;

    const port = freePort();
    bare = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", BARE, db.url, String(port)],
      stdout: "null",
      stderr: "inherit",
    }).spawn();
    const bareBase = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 200; i++) {
      try {
        if ((await fetch(`${bareBase}/api/health`)).ok) break;
      } catch { /* not yet */ }
      await new Promise((r) => setTimeout(r, 50));
    }
    const floor = await measure(bareBase, bare.pid, tokens, body, sql, name);

    const ratio = ours.load.rate / floor.load.rate;
    const ok = ratio >= MIN_RATIO && ours.dbCpu <= MAX_DB_CPU_MS && ours.load.p99 < MAX_P99_MS &&
      ours.load.failures.size === 0;
    console.log(`${CONNECTIONS} connections, ${SECONDS} s each (${ours.load.tool}):`);
    console.log(line("  POST /api/transaction (paper BUY, buy_sell)", ours));
    console.log(line("  bare Hono + postgres.js INSERT … RETURNING", floor));
    console.log(
      `  ratio ${ratio.toFixed(2)} (limit >= ${MIN_RATIO}), PostgreSQL CPU ` +
        `${ours.dbCpu.toFixed(3)} ms/order (limit <= ${MAX_DB_CPU_MS}), p99 ` +
        `${ours.load.p99.toFixed(1)} ms (limit < ${MAX_P99_MS}) ${ok ? "OK" : "OVER"}; ` +
        `load average ${Deno.loadavg()[0].toFixed(2)}`,
    );
    return ok;
  } finally {
    for (const child of [product, bare]) {
      if (!child) continue;
      child.kill("SIGTERM");
      await child.status;
    }
    await sql.end();
    await Deno.remove(dataDir, { recursive: true });
    await db.drop();
  }
}

if (import.meta.main) Deno.exit((await run()) ? 0 : 1);
