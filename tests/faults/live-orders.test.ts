// kill -9 between a live order's send and its answer (issue 27): the order's row was written
// ahead, pending, so the restarted engine's resolver finds what the exchange did. A filled order is
// one filled row, an order the exchange never filled ends refused; never no row, never two.
import assert from "node:assert/strict";
import { asc } from "drizzle-orm";
import { openDatabase } from "../../server/db/client.ts";
import { transactions } from "../../server/db/schema.ts";
import { startFakeBinance } from "../fakes/fake-binance.ts";
import { startFakeGate } from "../fakes/fake-gate.ts";
import { startServerProcess } from "../support/server-process.ts";
import { until } from "../support/until.ts";
import { APP_SECRET_KEY, prepare, trade } from "./support.ts";

Deno.test("faults: kill -9 while live orders wait for their answers: each ends as the exchange left it, one row each", async () => {
  const dir = await Deno.makeTempDir();
  const trader = await prepare({ dataDir: dir });
  // prepare() gives the trader Binance keys "key" / "secret".
  const binance = startFakeBinance({ apiKey: "key", secret: "secret" });
  const gate = startFakeGate({});
  const env = {
    DATA_DIR: dir,
    APP_SECRET_KEY,
    ADMIN_PASSWORD: "password1",
    MARKET_SIM_INTERVAL_MS: "3600000",
    EXCHANGE_ADAPTER: "live",
    BINANCE_REST_URL: binance.restUrl,
    GATE_REST_URL: gate.restUrl,
    ORDER_ANSWER_MS: "200",
    ORDER_SENDING_MS: "1000",
  };
  try {
    const first = await startServerProcess({ env });
    const prices = await fetch(`${first.base}/api/Summaries/prices?exchange=binance`, {
      headers: { authorization: `Bearer ${trader.token}` },
    });
    const price: string = (await prices.json()).btc_usdt;
    binance.bookTicker("BTCUSDT", price, price);

    // Filled, its answer held: 202 with the row pending.
    binance.troubleNextOrder({ kind: "hang", afterFill: true });
    const filled = await trade(first.base, trader);
    assert.equal(filled.status, 202, await filled.clone().text());
    // Taken, never filled, its answer held too.
    binance.troubleNextOrder({ kind: "hang", afterFill: false });
    const lost = await trade(first.base, trader);
    assert.equal(lost.status, 202, await lost.clone().text());
    assert.equal(binance.orders.length, 1, "one order filled on the exchange");
    await first.kill("SIGKILL");

    const restarted = await startServerProcess({ env });
    const list = async () => {
      const res = await fetch(`${restarted.base}/api/transaction?limit=10`, {
        headers: { authorization: `Bearer ${trader.token}` },
      });
      return await res.json();
    };
    // The resolver's tick is 5 s; the grace 1 s.
    await until(
      async () => JSON.stringify(await list()).includes('"orderState":"refused"'),
      30_000,
      "the resolver to settle both rows",
      500,
    ).catch(async (err) => {
      console.log(JSON.stringify(await list()), restarted.output());
      throw err;
    });
    await restarted.kill("SIGTERM");

    const database = await openDatabase({ dataDir: dir });
    try {
      const rows = await database.db.select().from(transactions).orderBy(asc(transactions.id));
      assert.equal(rows.length, 2, "one row per order");
      const [bought, refused] = rows;
      assert.equal(bought.orderState, null);
      assert.ok(Number(bought.filledQuantity) > 0, "the exchange's fill");
      assert.ok(bought.orderId);
      assert.equal(refused.orderState, "refused");
      assert.equal(refused.filledQuantity, null);
      assert.equal(binance.orders.length, 1, "nothing sent again");
    } finally {
      await database.close();
    }
  } finally {
    await binance.close();
    await gate.close();
    await Deno.remove(dir, { recursive: true });
  }
});
