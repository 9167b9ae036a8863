// Issue 15's "done when": through the product's API with EXCHANGE_ADAPTER=live pointed at fakes
// that enforce the exchanges' rules, a BUY of 100 USDT and the bot's close go through on every pair
// each exchange trades; a BUY under the minimum is refused before sending; an order whose answer
// is lost ends with what the exchange really did.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { BotWorker } from "../../server/bot/worker.ts";
import { ManualClock } from "../../server/core/clock.ts";
import { dec } from "../../server/core/decimal.ts";
import { transactions } from "../../server/db/schema.ts";
import { createExchanges } from "../../server/exchanges/exchanges.ts";
import { TRADING_KEY_FIELDS } from "../../server/keys/schema.ts";
import type { TransactionView } from "../../server/transactions/view.ts";
import { type FakeBinance, startFakeBinance } from "../fakes/fake-binance.ts";
import { type FakeGate, startFakeGate } from "../fakes/fake-gate.ts";
import { makeTestApp, type TestApp } from "../support/test-app.ts";
import { buyBody, setUser } from "./transactions-fixtures.ts";

const RICH = {
  USDT: "1000000",
  FDUSD: "1000000",
  TUSD: "1000000",
  BTC: "10",
  ETH: "100",
  BNB: "1000",
};

/** Where each pair trades, roughly: the feed's and the fake book's price. */
const LEVEL: Record<string, string> = {
  btc_usdt: "60000.12",
  eth_usdt: "3000.57",
  bnb_usdt: "600.3",
  btc_fdusd: "60010.5",
  btc_tusd: "60020.25",
  undead_usdt: "0.00234",
  naft_usdt: "0.0003123",
  mepad_usdt: "0.004567",
};

interface Live {
  t: TestApp;
  token: string;
  binance: FakeBinance;
  gate: FakeGate;
}

async function setup(): Promise<Live> {
  const clock = new ManualClock();
  const binance = startFakeBinance({ now: () => clock.now().getTime(), balances: RICH });
  const gate = startFakeGate({
    now: () => Math.floor(clock.now().getTime() / 1000),
    balances: { ...RICH, UNDEAD: "1e9", NAFT: "1e9", MEPAD: "1e9" },
  });
  const t = await makeTestApp({
    EXCHANGE_ADAPTER: "live",
    BINANCE_REST_URL: binance.restUrl,
    GATE_REST_URL: gate.restUrl,
  }, { clock });
  // A short wait for an answer, so a lost one is looked up without a 10 s pause.
  t.deps.exchanges = createExchanges({
    config: t.deps.config,
    database: t.deps.database,
    clock,
    market: t.market,
    timeoutMs: 1000,
  });
  await t.deps.exchanges.start();
  const u = await t.user("SuperAdmin");
  const seal = (text: string) => t.deps.secretBox.seal(text);
  await setUser(t, u.id, {
    [TRADING_KEY_FIELDS.binance[0]]: await seal(binance.apiKey),
    [TRADING_KEY_FIELDS.binance[1]]: await seal(binance.secret),
    [TRADING_KEY_FIELDS.gate[0]]: await seal(gate.apiKey),
    [TRADING_KEY_FIELDS.gate[1]]: await seal(gate.secret),
  });
  return { t, token: u.token, binance, gate };
}

async function close(l: Live) {
  await l.t.close();
  await l.binance.close();
  await l.gate.close();
}

/** Sets the feed and the exchange's book to `price` (bid; the ask a tick above on Gate). */
function price(l: Live, exchange: "binance" | "gate", pair: string, bid: string) {
  l.t.market.sim(exchange)!.setPrice(pair, bid);
  const symbol = pair.toUpperCase();
  if (exchange === "binance") l.binance.bookTicker(symbol.replace("_", ""), bid, bid);
  else l.gate.ticker(symbol, bid, bid);
}

const sentOrders = (l: Live, exchange: "binance" | "gate") =>
  exchange === "binance" ? l.binance.orders.length : l.gate.orders.length;

async function buy(l: Live, exchange: "binance" | "gate", pair: string, amount: string) {
  const body = buyBody(l.t, { exchange, pair, amount });
  const sellPrice = dec(body.marketPrice).mul("1.01").toFixed(8);
  return await l.t.call("POST", "/api/transaction", {
    token: l.token,
    body: { ...body, sellPrice },
  });
}

const row = async (l: Live, id: number) =>
  (await l.t.deps.db.select().from(transactions).where(eq(transactions.id, id)))[0];

for (const exchange of ["binance", "gate"] as const) {
  Deno.test(`live ${exchange}: a BUY of 100 USDT and the bot's close go through on every pair it trades`, async () => {
    const l = await setup();
    try {
      const pairs = await l.t.deps.exchanges.markets().pairs(exchange);
      assert.ok(pairs.length >= 5);
      const errors: string[] = [];
      const worker = new BotWorker(l.t.deps, { log: (m, e) => errors.push(`${m} ${e}`) });
      l.t.deps.onTradeError = (_user, e) => errors.push(e.message);
      for (const pair of pairs) {
        price(l, exchange, pair, LEVEL[pair]);
        const res = await buy(l, exchange, pair, "100");
        const body = await res.json();
        assert.equal(res.status, 201, `${pair}: ${JSON.stringify(body)}`);
        const tx: TransactionView = body.transaction;
        assert.equal(tx.adapter, exchange);
        // The fill as the exchange reported it, fee included.
        assert.ok(dec(tx.filledQuantity!).gt(0), pair);
        assert.ok(dec(tx.fee!).gt(0), pair);
        assert.equal(tx.avgPrice, dec(LEVEL[pair]).toFixed(8));

        // The market reaches the sell price: the bot sells what the BUY brought in.
        // (The sim rounds to the pair's tick: a little above the sell price.)
        price(l, exchange, pair, dec(tx.sellPrice).mul("1.001").toFixed(8));
        assert.equal(await worker.scan(exchange, pair), 1, `${pair}: ${errors.join("; ")}`);
        const done = await row(l, tx.id);
        assert.equal(done.status, "DONE", pair);
        assert.match(done.closeOrderId ?? "", /^\d+$/);
      }
      if (exchange === "binance") {
        // BUYs and SELLs, quantities on each symbol's LOT_SIZE step.
        assert.deepEqual(l.binance.orders.map((o) => o.side), pairs.flatMap(() => ["BUY", "SELL"]));
        const btcSell = l.binance.orders[1];
        assert.match(btcSell.quantity, /^\d+\.\d{1,5}$/);
      } else {
        // A market BUY spends the amount, on the pair's precision.
        assert.deepEqual(
          l.gate.orders.filter((o) => o.side === "buy").map((o) => o.amount),
          pairs.map(() => "100"),
        );
      }
    } finally {
      await close(l);
    }
  });

  Deno.test(`live ${exchange}: a BUY under the minimum is refused before sending, naming the minimum`, async () => {
    const l = await setup();
    try {
      price(l, exchange, "btc_usdt", LEVEL.btc_usdt);
      const res = await buy(l, exchange, "btc_usdt", "2");
      assert.equal(res.status, 400);
      assert.equal(
        (await res.json()).message,
        exchange === "binance"
          ? "Minimum order on Binance BTC/USDT is 5 USDT"
          : "Minimum order on Gate BTC/USDT is 3 USDT",
      );
      assert.equal(sentOrders(l, exchange), 0);
      assert.equal((await l.t.deps.db.select().from(transactions)).length, 0);
      // A pair the exchange does not trade is refused too.
      const usd = await l.t.call("POST", "/api/transaction", {
        token: l.token,
        body: buyBody(l.t, { exchange, pair: "btc_usd", marketPrice: "1", buyPrice: "1" }),
      });
      assert.equal(usd.status, 400);
    } finally {
      await close(l);
    }
  });

  Deno.test(`live ${exchange}: a lost answer is looked up: the real fill is recorded, no fill is a refusal`, async () => {
    const l = await setup();
    const fake = exchange === "binance" ? l.binance : l.gate;
    try {
      price(l, exchange, "btc_usdt", LEVEL.btc_usdt);
      // 5xx after filling.
      fake.troubleNextOrder({ kind: "503", afterFill: true });
      const afterFill = await buy(l, exchange, "btc_usdt", "100");
      const filled = await afterFill.json();
      assert.equal(afterFill.status, 201, JSON.stringify(filled));
      assert.ok(dec(filled.transaction.filledQuantity).gt(0));

      // The answer never comes (timeout) after filling.
      fake.troubleNextOrder({ kind: "hang", afterFill: true });
      const hung = await buy(l, exchange, "btc_usdt", "100");
      assert.equal(hung.status, 201, await hung.clone().text());
      assert.equal(sentOrders(l, exchange), 2);

      // 5xx and nothing filled: refused, nothing recorded.
      fake.troubleNextOrder({ kind: "503", afterFill: false });
      const lost = await buy(l, exchange, "btc_usdt", "100");
      assert.equal(lost.status, 400);
      const { message } = await lost.json();
      const title = exchange === "binance" ? "Binance" : "Gate";
      assert.match(message, new RegExp(`^${title} did not take order tx\\d+ \\(`));
      assert.equal((await l.t.deps.db.select().from(transactions)).length, 2);

      // The bot's close: its answer lost after filling; the lookup finds and records it.
      const [open] = await l.t.deps.db.select().from(transactions).limit(1);
      price(l, exchange, "btc_usdt", dec(open.sellPrice).mul("1.001").toFixed(8));
      fake.troubleNextOrder({ kind: "503", afterFill: true });
      const worker = new BotWorker(l.t.deps, { log: () => {} });
      assert.ok(await worker.scan(exchange, "btc_usdt") >= 1);
      assert.equal((await row(l, open.id)).status, "DONE");
    } finally {
      await close(l);
    }
  });
}
