// Issue 15's "done when": through the product's API with EXCHANGE_ADAPTER=live pointed at fakes
// that enforce the exchanges' rules, a BUY of 100 USDT and the bot's close go through on every pair
// each exchange trades; a BUY under the minimum is refused before sending; an order whose answer
// is lost ends with what the exchange really did.
import assert from "node:assert/strict";
import { BotWorker } from "../../server/bot/worker.ts";
import { dec } from "../../server/core/decimal.shared.ts";
import { transactions } from "../../server/db/schema.ts";
import { findPair } from "../../server/exchanges/pairs.shared.ts";
import type { TransactionView } from "../../server/transactions/view.ts";
import { buy, close, LEVEL, price, row, sentOrders, setup } from "./live-fixtures.ts";
import { buyBody } from "./transactions-fixtures.ts";

for (const exchange of ["binance", "gate"] as const) {
  Deno.test(`live ${exchange}: a BUY of 100 USDT and the bot's close go through on every pair it trades`, async () => {
    const l = await setup();
    try {
      const pairs = await l.t.deps.exchanges.markets().pairs(exchange);
      assert.ok(pairs.length >= 5);
      const errors: string[] = [];
      const worker = new BotWorker(l.t.deps, { log: (m, e) => errors.push(`${m} ${e}`) });
      l.t.deps.onTradeError = (_user, e) => errors.push(e.message);
      // What the exchange's account holds of an asset: the cash flow the books must match.
      const holding = (asset: string) =>
        dec(
          exchange === "binance"
            ? l.binance.wallets.get(asset)?.free ?? 0
            : l.gate.wallets.get(asset)?.available ?? 0,
        );
      for (const pair of pairs) {
        const { base, quote } = findPair(pair)!;
        const before = { base: holding(base), quote: holding(quote) };
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
        // Its result is the round trip's cash flow on the exchange: the quote that came back, and
        // the dust the step left, valued at the close. Fees on both sides.
        assert.ok(dec(done.closeFee!).gt(0), pair);
        const flow = holding(quote).minus(before.quote)
          .plus(holding(base).minus(before.base).mul(done.filledPrice!));
        // Exact but for the average price, which the row keeps to 8 decimals (Binance reports the
        // quote amount, whose quotient it is).
        assert.ok(dec(done.realizedPnl!).minus(flow).abs().lte("0.00000001"), `${pair} ${flow}`);
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

      // The connection cut mid-answer after filling, and a gateway's 502 after filling: each
      // looked up and recorded once, with the exchange's fill and fee.
      for (const kind of ["drop", "502"] as const) {
        fake.troubleNextOrder({ kind, afterFill: true });
        const res = await buy(l, exchange, "btc_usdt", "100");
        const body = await res.json();
        assert.equal(res.status, 201, `${kind}: ${JSON.stringify(body)}`);
        assert.ok(dec(body.transaction.fee).gt(0), kind);
      }
      assert.equal(sentOrders(l, exchange), 4);

      // 5xx and nothing filled: refused, nothing recorded.
      fake.troubleNextOrder({ kind: "503", afterFill: false });
      const lost = await buy(l, exchange, "btc_usdt", "100");
      assert.equal(lost.status, 400);
      const { message } = await lost.json();
      const title = exchange === "binance" ? "Binance" : "Gate";
      assert.match(message, new RegExp(`^${title} did not take order tx\\d+ \\(`));
      assert.equal((await l.t.deps.db.select().from(transactions)).length, 4);

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

Deno.test("live gate: with Gate's clock 90 s off, a BUY is refused REQUEST_EXPIRED, synced and sent once", async () => {
  const l = await setup();
  try {
    price(l, "gate", "btc_usdt", LEVEL.btc_usdt);
    l.gate.skewClock(-90_000);
    const res = await buy(l, "gate", "btc_usdt", "100");
    assert.equal(res.status, 201, await res.clone().text());
    const posts = l.gate.requests.filter((r) => r.method === "POST");
    assert.equal(posts.length, 2, "refused once, then sent on Gate's time");
    assert.equal(Number(posts[0].timestamp) - Number(posts[1].timestamp), 90);
    assert.equal(l.gate.orders.length, 1);
    assert.equal((await l.t.deps.db.select().from(transactions)).length, 1);
  } finally {
    await close(l);
  }
});
