// The server on PGlite as a process: one per DATA_DIR, a clean stop on SIGTERM under load, and a
// kill -9 in the middle of the bot worker's closes.
import assert from "node:assert/strict";
import { and, eq, inArray, like } from "drizzle-orm";
import { openDatabase } from "../../server/db/client.ts";
import { paperBalances, paperOrders, transactions } from "../../server/db/schema.ts";
import { MAIN, startServerProcess } from "../support/server-process.ts";
import { APP_SECRET_KEY, prepare, sleep, trade } from "./support.ts";

const env = (dataDir: string) => ({
  DATA_DIR: dataDir,
  APP_SECRET_KEY,
  ADMIN_PASSWORD: "password1",
  PAPER_START_BALANCES: "USDT:10000000,BTC:100",
  // A still market: a price that moved between reading it and trading is a refusal (400).
  MARKET_SIM_INTERVAL_MS: "3600000",
});

/** A server started on `dir` that is to refuse: its exit code and what it said. */
async function startRefused(dir: string) {
  const run = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", MAIN],
    env: { ...env(dir), PORT: "0", NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  return { code: run.code, said: new TextDecoder().decode(run.stderr) };
}

Deno.test("faults: a second server on the same DATA_DIR refuses to start, naming the holder", async () => {
  const dir = await Deno.makeTempDir();
  const first = await startServerProcess({ env: env(dir) });
  try {
    const { code, said } = await startRefused(dir);
    assert.equal(code, 1);
    assert.match(
      said,
      new RegExp(`DATA_DIR ".*" is in use by another server \\(pid ${first.child.pid} `),
    );
    console.log(`second server: exit ${code}: ${said.trim()}`);
  } finally {
    await first.kill("SIGTERM");
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("faults: a damaged PGlite folder stops the start with exit 1, naming the folder and what to do", async () => {
  const dir = await Deno.makeTempDir();
  try {
    // A folder PGlite takes for a database (it has PG_VERSION) but cannot open.
    await Deno.mkdir(`${dir}/pglite`);
    await Deno.writeTextFile(`${dir}/pglite/PG_VERSION`, "17\n");
    const { code, said } = await startRefused(dir);
    assert.equal(code, 1, said);
    assert.match(said, new RegExp(`The embedded database in ${dir}/pglite could not be opened`));
    assert.match(said, /restore the folder from a backup, or move it away/);
    assert.doesNotMatch(said, /Uncaught/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("faults: SIGTERM under load: in-flight trades finish, exit 0, every acknowledged row kept, PGlite opens clean", async () => {
  const dir = await Deno.makeTempDir();
  const trader = await prepare({ dataDir: dir });
  const server = await startServerProcess({ env: env(dir) });
  const acked: number[] = [];
  const statuses = new Map<number, number>();
  let stop = false;
  const client = async () => {
    while (!stop) {
      try {
        const res = await trade(server.base, trader);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        const body = await res.json();
        if (res.status === 201) acked.push(body.transaction.id);
      } catch {
        return; // the server stopped listening
      }
    }
  };
  const clients = Array.from({ length: 8 }, client);
  await sleep(2000);
  const stoppedAt = performance.now();
  server.child.kill("SIGTERM");
  const status = await server.child.status;
  const stopMs = performance.now() - stoppedAt;
  stop = true;
  await Promise.all(clients);
  try {
    assert.equal(status.code, 0, server.output());
    assert.match(server.output(), /stopped cleanly/);
    for (const s of statuses.keys()) assert.ok(s === 201 || s === 503, `status ${s}`);
    const database = await openDatabase({ dataDir: dir });
    try {
      const rows = await database.db.select({ id: transactions.id }).from(transactions)
        .where(eq(transactions.userId, trader.userId));
      const stored = new Set(rows.map((r) => r.id));
      const lost = acked.filter((id) => !stored.has(id));
      console.log(
        `SIGTERM under 8 clients: ${acked.length} acknowledged, ${rows.length} stored, ` +
          `${lost.length} lost; answers ${JSON.stringify(Object.fromEntries(statuses))}; ` +
          `stopped in ${stopMs.toFixed(0)} ms`,
      );
      assert.ok(acked.length > 0);
      assert.deepEqual(lost, []);
    } finally {
      await database.close();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

const POSITIONS = 100;

Deno.test("faults: kill -9 while the worker closes 100 positions: each closes exactly once, none waits for a person", async () => {
  const dir = await Deno.makeTempDir();
  const trader = await prepare({ dataDir: dir });
  const seeded = await openDatabase({ dataDir: dir });
  const now = new Date();
  const ids = (await seeded.db.insert(transactions).values(
    Array.from({ length: POSITIONS }, () => ({
      userId: trader.userId,
      status: "BUY" as const,
      pair: "btc_usdt",
      exchange: "binance" as const,
      adapter: "paper",
      useBot: "buy_sell" as const,
      marketPrice: "60000",
      buyPrice: "60000",
      // Reached at any price: the worker closes every one as soon as it starts.
      sellPrice: "1",
      amount: "60",
      quantity: "0.001",
      createdAt: now,
      updatedAt: now,
    })),
  ).returning({ id: transactions.id })).map((r) => r.id);
  await seeded.close();
  try {
    let kills = 0;
    for (; kills < 3; kills++) {
      const server = await startServerProcess({ env: env(dir), pollMs: 5 });
      await sleep(kills * 40);
      await server.kill("SIGKILL");
    }
    const last = await startServerProcess({ env: env(dir) });
    await sleep(3000);
    await last.kill("SIGTERM");

    const database = await openDatabase({ dataDir: dir });
    try {
      const rows = await database.db.select().from(transactions)
        .where(inArray(transactions.id, ids));
      const closes = await database.db.select().from(paperOrders)
        .where(
          and(
            eq(paperOrders.account, `user:${trader.userId}`),
            like(paperOrders.clientOrderId, "tx%c"),
          ),
        );
      const perOrder = new Map<string, number>();
      for (const c of closes) {
        perOrder.set(c.clientOrderId, (perOrder.get(c.clientOrderId) ?? 0) + 1);
      }
      const done = rows.filter((r) => r.status === "DONE");
      const waiting = rows.filter((r) => r.closingSince !== null);
      console.log(
        `kill -9 x${kills} during ${POSITIONS} closes: ${done.length} closed, ` +
          `${rows.length - done.length} open, ${waiting.length} claimed, ` +
          `${closes.length} closing orders`,
      );
      assert.deepEqual(waiting.map((r) => r.id), [], "no row waits for a person");
      assert.equal(done.length, POSITIONS);
      assert.ok([...perOrder.values()].every((n) => n === 1), "each close placed once");
      assert.equal(closes.length, POSITIONS);
      const [btc] = await database.db.select().from(paperBalances)
        .where(
          and(eq(paperBalances.account, `user:${trader.userId}`), eq(paperBalances.asset, "BTC")),
        );
      assert.equal(Number(btc.free), 100 - POSITIONS * 0.001);
    } finally {
      await database.close();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
