import assert from "node:assert/strict";
import { asc } from "drizzle-orm";
import { testConfig } from "../../server/config.ts";
import { ManualClock } from "../../server/core/clock.ts";
import { candles } from "../../server/db/schema.ts";
import { CandleRecorder } from "../../server/market/candles.ts";
import { createMarket } from "../../server/market/market.ts";
import { ManualScheduler } from "../../server/market/scheduler.ts";
import { openTestDatabase } from "../support/database.ts";

const T0 = Date.UTC(2026, 0, 1, 12, 0, 0);

async function setup() {
  const database = await openTestDatabase();
  const clock = new ManualClock(T0);
  const market = createMarket(testConfig(), { clock });
  const scheduler = new ManualScheduler();
  const recorder = new CandleRecorder({ db: database.db, clock, market, scheduler });
  const at = (second: number, price: string, pair = "btc_usdt") => {
    clock.set(new Date(T0 + second * 1000));
    market.sim("binance")!.setPrice(pair, price);
  };
  const rows = () =>
    database.db.select().from(candles).orderBy(asc(candles.openTime), asc(candles.pair));
  return { database, clock, market, scheduler, recorder, at, rows };
}

Deno.test("candles: a minute is written once it has closed, with OHLC and tick-count volume", async () => {
  const t = await setup();
  try {
    t.recorder.start();
    t.at(5, "100");
    t.at(20, "110");
    t.at(40, "90");
    t.at(59, "105");
    assert.equal(await t.recorder.flush(), 0);
    assert.equal((await t.rows()).length, 0);

    t.at(70, "106");
    t.scheduler.advance(10_000);
    await t.recorder.flush();
    const [row] = await t.rows();
    assert.equal(row.exchange, "binance");
    assert.equal(row.pair, "btc_usdt");
    assert.equal(row.openTime.getTime(), T0);
    assert.deepEqual([row.open, row.high, row.low, row.close, row.volume].map(Number), [
      100,
      110,
      90,
      105,
      4,
    ]);
    assert.equal((await t.rows()).length, 1);
  } finally {
    await t.recorder.stop();
    await t.database.close();
  }
});

Deno.test("candles: every pair's closed minute goes out in one batch, even without a later tick", async () => {
  const t = await setup();
  try {
    t.recorder.start();
    t.at(1, "100");
    t.at(2, "3000", "eth_usdt");
    t.clock.set(new Date(T0 + 61_000));
    assert.equal(await t.recorder.flush(), 2);
    assert.deepEqual((await t.rows()).map((r) => [r.pair, Number(r.close)]), [
      ["btc_usdt", 100],
      ["eth_usdt", 3000],
    ]);
    assert.equal(await t.recorder.flush(), 0);
  } finally {
    await t.recorder.stop();
    await t.database.close();
  }
});

Deno.test("candles: stop() writes the unfinished minute and a restart in that minute merges", async () => {
  const t = await setup();
  try {
    t.recorder.start();
    t.at(10, "100");
    t.at(20, "101");
    await t.recorder.stop();
    assert.equal(t.scheduler.pending, 0);

    const again = new CandleRecorder({ db: t.database.db, clock: t.clock, market: t.market });
    again.record({
      exchange: "binance",
      pair: "btc_usdt",
      price: "120",
      at: new Date(T0 + 30_000),
    });
    again.record({ exchange: "binance", pair: "btc_usdt", price: "80", at: new Date(T0 + 40_000) });
    await again.stop();
    const [row] = await t.rows();
    assert.deepEqual([row.open, row.high, row.low, row.close, row.volume].map(Number), [
      100,
      120,
      80,
      80,
      4,
    ]);
  } finally {
    await t.database.close();
  }
});

Deno.test("candles: a failed write keeps the candles for the next flush", async () => {
  const t = await setup();
  let down = true;
  // A database that refuses the first write, as during a failover.
  const db = new Proxy(t.database.db, {
    get(target, prop, receiver) {
      if (prop === "insert" && down) {
        down = false;
        return () => {
          throw new Error("connection lost");
        };
      }
      return Reflect.get(target, prop, receiver);
    },
  });
  const recorder = new CandleRecorder({ db, clock: t.clock, market: t.market });
  const errors: unknown[][] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => void errors.push(args);
  try {
    recorder.start();
    t.at(1, "100");
    t.clock.set(new Date(T0 + 61_000));
    assert.equal(await recorder.flush(), 0);
    assert.match(String(errors[0]), /candle write failed; will retry: \w*Error: connection lost/);
    assert.equal(await recorder.flush(), 1);
    assert.equal((await t.rows()).length, 1);
  } finally {
    console.error = original;
    await recorder.stop();
    await t.database.close();
  }
});
