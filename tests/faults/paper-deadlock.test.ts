// One account, BUY and SELL clients side by side on PostgreSQL for 10 s: no error, no deadlock in
// the log, and the balances equal the exchange's fills and fees.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { dec } from "../../server/core/decimal.shared.ts";
import { openDatabase } from "../../server/db/client.ts";
import { paperBalances, paperOrders } from "../../server/db/schema.ts";
import { balancesAfter } from "../support/paper-ledger.ts";
import { startServerProcess } from "../support/server-process.ts";
import { privatePostgres } from "./private-postgres.ts";
import { APP_SECRET_KEY, prepare, sleep, trade } from "./support.ts";

const PER_SIDE = 5;
const RUN_MS = 10_000;

Deno.test("faults: BUY and SELL clients on one account for 10 s on PostgreSQL: 0 errors, 0 deadlocks, balances equal the fills", async () => {
  const pg = await privatePostgres();
  try {
    const trader = await prepare({ url: pg.url });
    const server = await startServerProcess({
      env: {
        DATABASE_URL: pg.url,
        APP_SECRET_KEY,
        PAPER_START_BALANCES: "USDT:100000000,BTC:100",
        // A still market: a price that moved between reading it and trading is a refusal (400).
        MARKET_SIM_INTERVAL_MS: "3600000",
      },
    });
    const statuses = new Map<number, number>();
    let stop = false;
    const client = (side: "BUY" | "SELL") => async () => {
      while (!stop) {
        const res = await trade(server.base, trader, { side });
        await res.body?.cancel();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      }
    };
    const clients = [
      ...Array.from({ length: PER_SIDE }, client("BUY")),
      ...Array.from({ length: PER_SIDE }, client("SELL")),
    ];
    await sleep(RUN_MS);
    stop = true;
    await Promise.all(clients);
    await server.kill("SIGTERM");

    const database = await openDatabase({ url: pg.url, max: 1, migrate: false });
    try {
      const account = `user:${trader.userId}`;
      const fills = await database.db.select().from(paperOrders)
        .where(eq(paperOrders.account, account));
      const balances = Object.fromEntries(
        (await database.db.select().from(paperBalances).where(eq(paperBalances.account, account)))
          .map((b) => [b.asset, dec(b.free).toFixed()]),
      );
      const deadlocks = server.output().match(/40P01|deadlock/g)?.length ?? 0;
      const ok = statuses.get(201) ?? 0;
      console.log(
        `${PER_SIDE} BUY + ${PER_SIDE} SELL clients, one account, ${RUN_MS / 1000} s on ` +
          `PostgreSQL: ${ok} trades (${(ok / (RUN_MS / 1000)).toFixed(1)}/s), answers ` +
          `${JSON.stringify(Object.fromEntries(statuses))}, ${deadlocks} deadlocks in the log`,
      );
      assert.deepEqual([...statuses.keys()], [201]);
      assert.equal(deadlocks, 0);
      assert.equal(fills.length, ok);
      assert.deepEqual(balances, balancesAfter({ USDT: "100000000", BTC: "100" }, fills));
    } finally {
      await database.close();
    }
  } finally {
    await pg.destroy();
  }
});
