import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { callOutcomes, transactions } from "../../server/db/schema.ts";
import type { TransactionView } from "../../server/transactions/view.ts";
import { makeTestApp, type TestApp } from "../support/test-app.ts";
import { GENERATE_DONE_GRACE_MS } from "../../server/transactions/generate-done.ts";
import {
  buyBody,
  doneBody,
  expectStatus,
  giveKeys,
  insertCall,
  setUser,
} from "./transactions-fixtures.ts";

async function open(t: TestApp, token: string, overrides: Record<string, unknown> = {}) {
  const res = await expectStatus(t, 201, "POST", "/api/transaction", {
    token,
    body: buyBody(t, overrides),
  });
  return res.transaction as TransactionView;
}

async function setup() {
  const t = await makeTestApp();
  const user = await t.user("User");
  const other = await t.user("User");
  const admin = await t.user("Admin");
  const lead = await t.user("Lead");
  for (const u of [user, other, admin, lead]) await giveKeys(t, u.id, "binance");
  t.deps.callGate = () => true;
  return { t, user, other, admin, lead };
}

Deno.test("delete: the owner or an Admin deletes; others get not found; it leaves every list", async () => {
  const { t, user, other, admin, lead } = await setup();
  try {
    const mine = await open(t, user.token);
    const second = await open(t, user.token);
    const changed: number[] = [];
    t.deps.onTransactionChanged = (tx) => changed.push(tx.id);
    for (const u of [other, lead]) {
      const res = await expectStatus(t, 404, "DELETE", `/api/transaction/${mine.id}`, {
        token: u.token,
      });
      assert.equal(res.message, "Transaction not found");
    }
    assert.deepEqual(
      await expectStatus(t, 200, "DELETE", `/api/transaction/${mine.id}`, { token: user.token }),
      { id: mine.id, message: "Deleted", code: "transactions.deleted", params: {} },
    );
    await expectStatus(t, 200, "DELETE", `/api/transaction/${second.id}`, { token: admin.token });
    assert.deepEqual(changed, [mine.id, second.id]);
    const list = await expectStatus(t, 200, "GET", "/api/transaction", { token: user.token });
    assert.equal(list.BUY.totalItems + list.SELL.totalItems + list.ALL.totalItems, 0);
    await expectStatus(t, 404, "DELETE", `/api/transaction/${mine.id}`, { token: admin.token });
    await expectStatus(t, 404, "DELETE", "/api/transaction/abc", { token: admin.token });
  } finally {
    await t.close();
  }
});

Deno.test("delete: a transaction a call outcome points at is deleted, the outcome kept", async () => {
  const { t, lead } = await setup();
  try {
    await insertCall(t, "c1", lead);
    const tx = await open(t, lead.token, { callId: "c1" });
    await expectStatus(t, 200, "DELETE", `/api/transaction/${tx.id}`, { token: lead.token });
    const [outcome] = await t.deps.db.select().from(callOutcomes);
    assert.equal(outcome.outcome, "bought");
    assert.equal(outcome.transactionId, null);
  } finally {
    await t.close();
  }
});

Deno.test("set-status, buy-to-sell and edit change own transactions; Admins change anyone's", async () => {
  const { t, user, other, admin } = await setup();
  try {
    const tx = await open(t, user.token);
    await expectStatus(t, 404, "PATCH", `/api/transaction/${tx.id}/set-status/DONE`, {
      token: other.token,
    });
    await expectStatus(t, 400, "PATCH", `/api/transaction/${tx.id}/set-status/OPEN`, {
      token: user.token,
    });
    const done = await expectStatus(t, 200, "PATCH", `/api/transaction/${tx.id}/set-status/DONE`, {
      token: user.token,
    });
    assert.equal(done.status, "DONE");
    const notBuy = await expectStatus(t, 400, "POST", `/api/transaction/${tx.id}/buy-to-sell`, {
      token: admin.token,
    });
    assert.equal(notBuy.message, "Only a BUY transaction can become a SELL");
    await expectStatus(t, 200, "PATCH", `/api/transaction/${tx.id}/set-status/BUY`, {
      token: admin.token,
    });
    const sold = await expectStatus(t, 200, "POST", `/api/transaction/${tx.id}/buy-to-sell`, {
      token: user.token,
    });
    assert.equal(sold.status, "SELL");
    assert.equal(sold.useBot, "sell_buy");

    const edited = await expectStatus(t, 200, "PATCH", `/api/transaction/${tx.id}`, {
      token: admin.token,
      body: { sellPrice: "123.456789999", buyPrice: 120 },
    });
    assert.equal(edited.sellPrice, "123.45678999");
    assert.equal(edited.buyPrice, "120.00000000");
    assert.equal(edited.amount, tx.amount);
    await expectStatus(t, 400, "PATCH", `/api/transaction/${tx.id}`, {
      token: admin.token,
      body: {},
    });
    await expectStatus(t, 404, "PATCH", `/api/transaction/${tx.id}`, {
      token: other.token,
      body: { amount: "1" },
    });
  } finally {
    await t.close();
  }
});

Deno.test("set-done: closes the listed open transactions the caller may act on", async () => {
  const { t, user, other, admin } = await setup();
  try {
    const a = await open(t, user.token);
    const b = await open(t, user.token);
    const theirs = await open(t, other.token);
    const res = await expectStatus(t, 200, "PATCH", "/api/transaction/set-done", {
      token: user.token,
      body: { ids: [a.id, theirs.id] },
    });
    assert.deepEqual(res, { updated: 1, ids: [a.id] });
    const byAdmin = await expectStatus(t, 200, "PATCH", "/api/transaction/set-done", {
      token: admin.token,
      body: { ids: [a.id, b.id, theirs.id] },
    });
    assert.deepEqual(byAdmin.ids, [b.id, theirs.id].sort((x, y) => x - y));
    const rows = await t.deps.db.select().from(transactions);
    assert.ok(rows.every((r) => r.status === "DONE"));
    await expectStatus(t, 400, "PATCH", "/api/transaction/set-done", {
      token: admin.token,
      body: { ids: [] },
    });
  } finally {
    await t.close();
  }
});

Deno.test("generate-done: a DONE row for an expired call, priced by the server; Admins for others", async () => {
  const { t, user, other, admin, lead } = await setup();
  try {
    t.market.sim("binance")!.setPrice("btc_usdt", "60000");
    for (const u of [user, other]) await setUser(t, u.id, { tradingAmount: "100" });
    await insertCall(t, "call-a", lead);
    const early = await expectStatus(t, 400, "POST", "/api/transaction/generate-done", {
      token: user.token,
      body: doneBody(user.id, { callId: "call-a" }),
    });
    assert.equal(early.message, "callId: the call has not expired yet");
    t.clock.advance(20_001);
    // The prices and amount sent are not used: the feed's price and the user's tradingAmount are.
    const res = await expectStatus(t, 201, "POST", "/api/transaction/generate-done", {
      token: user.token,
      body: doneBody(user.id, { callId: "call-a", buyPrice: "1000", amount: "99999" }),
    });
    assert.equal(res.created, true);
    assert.equal(res.transaction.status, "DONE");
    assert.equal(res.transaction.adapter, "none");
    assert.equal(res.transaction.buyPrice, "60000.00000000");
    assert.equal(res.transaction.amount, "100.00000000");
    assert.equal(res.transaction.quantity, "0.00166666");
    const forbidden = await expectStatus(t, 403, "POST", "/api/transaction/generate-done", {
      token: user.token,
      body: doneBody(other.id, { callId: "call-a" }),
    });
    assert.equal(forbidden.message, "You can only generate your own transactions");
    const forOther = await expectStatus(t, 201, "POST", "/api/transaction/generate-done", {
      token: admin.token,
      body: doneBody(other.id, { callId: "call-a", quantity: undefined }),
    });
    assert.equal(forOther.transaction.userId, other.id);
    assert.equal(forOther.transaction.quantity, "0.00166666");
    // The caller's own call, and a call long gone, give nothing.
    await insertCall(t, "call-b", user);
    t.clock.advance(20_001);
    await expectStatus(t, 400, "POST", "/api/transaction/generate-done", {
      token: user.token,
      body: doneBody(user.id, { callId: "call-b" }),
    });
    t.clock.advance(GENERATE_DONE_GRACE_MS);
    const late = await expectStatus(t, 400, "POST", "/api/transaction/generate-done", {
      token: other.token,
      body: doneBody(other.id, { callId: "call-b" }),
    });
    assert.equal(late.message, "callId: the call expired too long ago");
  } finally {
    await t.close();
  }
});

Deno.test("generate-done: concurrent duplicates for one call and user create one row", async () => {
  const { t, user, lead } = await setup();
  try {
    await setUser(t, user.id, { tradingAmount: "100" });
    await insertCall(t, "call-x", lead);
    t.clock.advance(20_001);
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.call("POST", "/api/transaction/generate-done", {
          token: user.token,
          body: doneBody(user.id, { callId: "call-x" }),
        }).then(async (r) => ({ status: r.status, body: await r.json() }))),
    );
    assert.deepEqual(results.map((r) => r.status).sort(), [200, 200, 200, 200, 200, 201]);
    const ids = new Set(results.map((r) => r.body.transaction.id));
    assert.equal(ids.size, 1);
    const rows = await t.deps.db.select().from(transactions)
      .where(eq(transactions.userId, user.id));
    assert.equal(rows.length, 1);
    assert.equal(rows[0].callId, "call-x");
    const outcomes = await t.deps.db.select().from(callOutcomes);
    assert.deepEqual(outcomes.map((o) => [o.outcome, o.transactionId]), [["done", rows[0].id]]);
  } finally {
    await t.close();
  }
});

Deno.test("generate-done: nothing is created for a user who bought during the call", async () => {
  const { t, user, lead } = await setup();
  try {
    await setUser(t, user.id, { tradingAmount: "100" });
    await insertCall(t, "call-y", lead);
    const bought = await open(t, user.token, { callId: "call-y" });
    t.clock.advance(20_001);
    const res = await expectStatus(t, 200, "POST", "/api/transaction/generate-done", {
      token: user.token,
      body: doneBody(user.id, { callId: "call-y" }),
    });
    assert.deepEqual(res, { created: false, outcome: "bought", transaction: null });
    const rows = await t.deps.db.select().from(transactions);
    assert.deepEqual(rows.map((r) => r.id), [bought.id]);
    await expectStatus(t, 400, "POST", "/api/transaction/generate-done", {
      token: user.token,
      body: doneBody(user.id, { callId: "no-such-call" }),
    });
  } finally {
    await t.close();
  }
});
