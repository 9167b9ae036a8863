// The bot worker on PostgreSQL with the paper exchange, among 1,000,000 transactions (issue 31):
// 1. The claim's plan (EXPLAIN ANALYZE, rolled back): it must read only the rows past the target.
// 2. 5,000 open buy_sell BUYs of 50 traders, the price jumping past every target at once: how long
//    until the last close is sent and recorded (limit 10 s).
// 3. 100 crossings one at a time: from the tick that crosses a target to its close recorded, p99
//    (limit 500 ms).
// The worker runs in this process on the real composition (server/compose.ts), as the engine runs
// it; BENCH_DATABASE_URL names the PostgreSQL server (a scratch database is created and dropped).
import postgres from "postgres";
import { BotWorker, claimStatement, RETRY_AFTER_MS } from "../../server/bot/worker.ts";
import { composeDeps } from "../../server/compose.ts";
import { testConfig } from "../../server/config.ts";
import { systemClock } from "../../server/core/clock.ts";
import { randomHex } from "../../server/core/hex.ts";
import { createSecretBox } from "../../server/core/secret-box.ts";
import { openDatabase } from "../../server/db/client.ts";
import { users } from "../../server/db/schema.ts";
import { createMarket } from "../../server/market/market.ts";
import { BENCH_DATABASE_URL, scratchDatabase } from "../support/scratch-database.ts";
import { cpuMs } from "../support/process-stats.ts";

const ROWS = Number(Deno.env.get("BOT_ROWS") ?? 1_000_000);
const TRADERS = 50;
const POSITIONS = 5_000;
const MAX_DRAIN_S = 10;
const CROSSINGS = 100;
const MAX_CROSSING_P99_MS = 500;
const START = 60_000;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

async function seedTraders(url: string, appKey: string) {
  const database = await openDatabase({ url, max: 2 });
  const box = await createSecretBox(appKey);
  const rows = [];
  for (let i = 1; i <= TRADERS; i++) {
    rows.push({
      username: `trader_${i}`,
      email: `trader_${i}@example.com`,
      passwordHash: "x",
      role: "User" as const,
      uniqueId: 100_000 + i,
      // The paper exchange closes on the owner's account, which needs keys like a live one.
      binanceKey: await box.seal(`key-${i}`),
      binanceSecret: await box.seal(`secret-${i}`),
    });
  }
  await database.db.insert(users).values(rows);
  await database.close();
}

/**
 * The desk's history (closed rows and open rows of other modes, older ids), then the positions
 * the jump crosses (targets START+100 .. START+599) and those the crossings cross one by one
 * (START+1000 up, a dollar apart), all newest.
 */
async function fill(sql: postgres.Sql) {
  await sql`insert into transactions (user_id, status, pair, exchange, adapter, use_bot,
      market_price, buy_price, sell_price, amount, quantity, created_at, updated_at)
    select u.ids[1 + g % array_length(u.ids, 1)],
      (case when g % 10 = 0 then 'BUY' when g % 10 = 1 then 'SELL' else 'DONE' end)
        ::transaction_status,
      (case when g % 3 = 0 then 'eth_usdt' else 'btc_usdt' end), 'binance', 'paper',
      (case when g % 10 < 2 then 'none' else 'buy_sell' end)::bot_mode,
      ${START}, ${START}, ${START} + 100 + g % 500, 10, 0.0001,
      now() - interval '1 hour' - g * interval '1 second', now()
    from generate_series(1, ${ROWS}) g, (select array_agg(id order by id) ids from users) u`;
  const open = (n: number, target: string) =>
    sql`insert into transactions (user_id, status, pair, exchange, adapter, use_bot,
        market_price, buy_price, sell_price, amount, quantity, filled_quantity, avg_price,
        opened_at)
      select u.ids[1 + g % array_length(u.ids, 1)], 'BUY', 'btc_usdt', 'binance', 'paper',
        'buy_sell', ${START}, ${START}, ${sql.unsafe(target)}, 6, 0.0001, 0.0001, ${START}, now()
      from generate_series(0, ${n - 1}) g, (select array_agg(id order by id) ids from users) u
      returning id`;
  const jump = await open(POSITIONS, `${START} + 100 + g % 500`);
  const crossings = await open(CROSSINGS, `${START} + 1000 + g`);
  await sql`vacuum analyze transactions`;
  await sql`checkpoint`;
  return { jump: jump.map((r) => Number(r.id)), crossings: crossings.map((r) => Number(r.id)) };
}

/** The claim at `price` as the worker sends it, run and rolled back: its plan with what it read. */
async function claimPlan(sql: postgres.Sql, price: string) {
  const { PgDialect } = await import("drizzle-orm/pg-core");
  const query = new PgDialect().sqlToQuery(
    claimStatement(
      "binance",
      "btc_usdt",
      price,
      [],
      new Date(Date.now() - RETRY_AFTER_MS),
      new Date(),
    ),
  );
  let lines: string[] = [];
  await sql.begin(async (tx) => {
    const rows = await tx.unsafe(
      `explain (analyze, buffers, costs off) ${query.sql}`,
      query.params as never[],
    );
    lines = rows.map((r) => String(Object.values(r)[0]));
    throw ROLLBACK;
  }).catch((err) => {
    if (err !== ROLLBACK) throw err;
  });
  return lines;
}
const ROLLBACK = Symbol("rollback");

export async function run(): Promise<boolean> {
  const scratch = await scratchDatabase(BENCH_DATABASE_URL, `gb_bench_bot_${Deno.pid}`);
  const appKey = randomHex(32);
  const sql = postgres(scratch.url, { max: 1, onnotice: () => {} });
  let worker: BotWorker | undefined;
  let close = async () => {};
  try {
    const database = await openDatabase({ url: scratch.url });
    close = () => database.close();
    await seedTraders(scratch.url, appKey);
    const started = performance.now();
    const ids = await fill(sql);
    console.log(
      `filled ${ROWS + POSITIONS + CROSSINGS} transactions and analyzed in ` +
        `${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const config = testConfig({ MARKET_SIM_INTERVAL_MS: 3_600_000 });
    const market = createMarket(config, { clock: systemClock });
    const sim = market.sim("binance")!;
    sim.setPrice("btc_usdt", String(START));
    const deps = await composeDeps({ config, database, clock: systemClock, appKey, market });
    const closedAt = new Map<number, number>();
    deps.onTransactionChanged = (view) => {
      if (view.status === "DONE") closedAt.set(view.id, performance.now());
    };

    const jumpPrice = String(START + 700);
    console.log(`the claim at ${jumpPrice} (explain analyze, rolled back):`);
    for (const line of await claimPlan(sql, jumpPrice)) console.log(`  ${line}`);

    worker = new BotWorker(deps);
    worker.start();
    await worker.idle();
    if (closedAt.size) throw new Error(`${closedAt.size} closed before any target was reached`);

    // 2. The jump.
    const cpu0 = cpuMs(Deno.pid);
    const jumped = performance.now();
    sim.setPrice("btc_usdt", jumpPrice);
    await worker.idle();
    const drainCpu = cpuMs(Deno.pid) - cpu0;
    const times = ids.jump.map((id) => closedAt.get(id));
    const missing = times.filter((t) => t === undefined).length;
    const lastS = (Math.max(...times.map((t) => t ?? Infinity)) - jumped) / 1000;
    const [{ done }] = await sql`select count(*)::int as done from transactions
      where id = any(${ids.jump}) and status = 'DONE' and close_order_id is not null`;
    const drainOk = missing === 0 && done === POSITIONS && lastS <= MAX_DRAIN_S;
    console.log(
      `price jump past ${POSITIONS} targets among ${ROWS} rows (${TRADERS} paper accounts): ` +
        `last close sent and recorded after ${lastS.toFixed(2)} s (limit ${MAX_DRAIN_S} s), ` +
        `${done} recorded, ${Math.round(POSITIONS / lastS)} closes/s, worker process CPU ` +
        `${(drainCpu / POSITIONS).toFixed(2)} ms/close ${drainOk ? "OK" : "OVER"}`,
    );

    // 3. One crossing at a time.
    const latencies: number[] = [];
    for (let i = 0; i < CROSSINGS; i++) {
      const id = ids.crossings[i];
      const tick = performance.now();
      sim.setPrice("btc_usdt", String(START + 1000 + i));
      await worker.idle();
      const at = closedAt.get(id);
      latencies.push(at === undefined ? Infinity : at - tick);
    }
    latencies.sort((a, b) => a - b);
    const p99 = percentile(latencies, 0.99);
    const crossOk = p99 < MAX_CROSSING_P99_MS;
    console.log(
      `${CROSSINGS} crossings, tick to close recorded: p50 ${
        percentile(latencies, 0.5).toFixed(1)
      }` +
        ` ms, p99 ${p99.toFixed(1)} ms (limit < ${MAX_CROSSING_P99_MS} ms) ` +
        `${crossOk ? "OK" : "OVER"}; load average ${Deno.loadavg()[0].toFixed(2)}`,
    );
    await worker.stop();
    worker = undefined;
    await market.stop();
    await deps.realtime?.close();
    return drainOk && crossOk;
  } finally {
    await worker?.stop();
    await close();
    await sql.end();
    await scratch.drop();
  }
}

if (import.meta.main) Deno.exit((await run()) ? 0 : 1);
