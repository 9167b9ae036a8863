// A call's whole life through the real trade gate: delivery, a purchase inside the window, the
// expiry's auto-done raced by duplicate requests, and the gate closing after 20 s.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { transactions } from "../../server/db/schema.ts";
import { buyBody, expectStatus, giveKeys } from "../api/transactions-fixtures.ts";
import { makeTestApp } from "../support/test-app.ts";
import { setGroup, setUser } from "../api/transactions-fixtures.ts";
import { closeAll, serve, TestSocket } from "./support.ts";

const doneBody = (t: Awaited<ReturnType<typeof makeTestApp>>, userId: number, callId: string) => {
  const price = t.market.feed("binance").price("btc_usdt")!;
  return {
    marketPrice: price,
    pair: "btc_usdt",
    amount: "100",
    buyPrice: price,
    sellPrice: price,
    userId,
    callId,
  };
};

Deno.test("call life: a buyer inside the window gets no auto-done; a non-buyer gets exactly one", async () => {
  const t = await makeTestApp();
  const served = await serve(t.app);
  const sockets: TestSocket[] = [];
  try {
    const lead = await t.user("Lead");
    const buyer = await t.user("User");
    const idle = await t.user("User");
    const outsider = await t.user("User");
    for (const u of [lead, buyer, idle]) await setGroup(t, u.id, "alpha");
    await setGroup(t, outsider.id, "beta");
    for (const u of [buyer, idle, outsider]) await giveKeys(t, u.id, "binance");
    // An expired call's DONE row is for the user's own trading amount.
    for (const u of [buyer, idle]) await setUser(t, u.id, { tradingAmount: "100" });
    const [sBuyer, sIdle] = await Promise.all(
      [buyer, idle].map((u) => TestSocket.join(served, u.token)),
    );
    sockets.push(sBuyer, sIdle);

    // Before any call a User cannot buy.
    await expectStatus(t, 403, "POST", "/api/transaction", {
      token: buyer.token,
      body: buyBody(t),
    });

    const call = await expectStatus(t, 201, "POST", "/api/calls", {
      token: lead.token,
      body: { target: "BUY", count: 1 },
    });
    assert.equal((await sBuyer.next("call")).call.id, call.id);
    assert.equal((await sIdle.next("call")).call.id, call.id);

    t.clock.advance(5_000);
    const bought = await expectStatus(t, 201, "POST", "/api/transaction", {
      token: buyer.token,
      body: buyBody(t, { callId: call.id }),
    });
    assert.equal((await sBuyer.next("transaction-changed")).transaction.id, bought.transaction.id);
    await expectStatus(t, 403, "POST", "/api/transaction", {
      token: outsider.token,
      body: buyBody(t),
    });
    // A BUY call opens BUY only, whatever bot mode the request claims.
    await expectStatus(t, 403, "POST", "/api/transaction", {
      token: idle.token,
      body: buyBody(t, { status: "SELL", useBot: "sell_buy" }),
    });

    t.clock.advance(15_000);
    // The expiry: each client may retry or double-fire; the server decides once per (call, user).
    const race = (userId: number, token: string) =>
      Promise.all(Array.from({ length: 5 }, () =>
        t.call("POST", "/api/transaction/generate-done", {
          token,
          body: doneBody(t, userId, call.id),
        }).then((r) => r.json())));
    const [buyerResults, idleResults] = await Promise.all([
      race(buyer.id, buyer.token),
      race(idle.id, idle.token),
    ]);
    assert.ok(buyerResults.every((r) => r.outcome === "bought" && r.transaction === null));
    assert.equal(idleResults.filter((r) => r.created).length, 1);
    assert.equal(new Set(idleResults.map((r) => r.transaction.id)).size, 1);

    const idleRows = await t.deps.db.select().from(transactions)
      .where(eq(transactions.userId, idle.id));
    assert.deepEqual(idleRows.map((r) => [r.status, r.callId]), [["DONE", call.id]]);
    const buyerRows = await t.deps.db.select().from(transactions)
      .where(eq(transactions.userId, buyer.id));
    assert.deepEqual(buyerRows.map((r) => r.id), [bought.transaction.id]);
    // One transaction-changed for the one row created, none for the duplicates.
    assert.equal((await sIdle.next("transaction-changed")).transaction.id, idleRows[0].id);
    await sIdle.nothingFor(100);

    // After the expiry the gate is shut again.
    await expectStatus(t, 403, "POST", "/api/transaction", {
      token: buyer.token,
      body: buyBody(t),
    });
  } finally {
    await closeAll(t, served, sockets);
  }
});
