// The desk's per-user rules: who sets another user's keys, coinFunds read from the account, and no
// DONE row for a user who could not have traded during an expired call.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { encryptForTransport } from "../../server/keys/transport-crypto.shared.ts";
import { paperBalances, transactions, users } from "../../server/db/schema.ts";
import { makeTestApp, type TestApp } from "../support/test-app.ts";
import { expectStatus, giveKeys, insertCall, setUser } from "./transactions-fixtures.ts";

async function keyBody(t: TestApp, token: string, userId: number) {
  const { hash } = await expectStatus(t, 200, "GET", "/api/Summaries/hash", { token });
  return {
    hash,
    userId,
    binanceKey: await encryptForTransport(hash, "k-for-user"),
    binanceSecret: await encryptForTransport(hash, "s-for-user"),
  };
}

Deno.test("keys per user: only a SuperAdmin sets another user's keys; the row answers masks", async () => {
  const t = await makeTestApp();
  try {
    const sup = await t.user("SuperAdmin");
    const admin = await t.user("Admin");
    const lead = await t.user("Lead");
    const u = await t.user("User");
    for (const caller of [admin, lead, u]) {
      const res = await t.call("PATCH", "/api/users/update-bot-key", {
        token: caller.token,
        body: await keyBody(t, caller.token, u.id),
      });
      assert.equal(res.status, 403, caller.username);
    }
    const [untouched] = await t.deps.db.select().from(users).where(eq(users.id, u.id));
    assert.equal(untouched.binanceKey, null);

    const set = await expectStatus(t, 200, "PATCH", "/api/users/update-bot-key", {
      token: sup.token,
      body: await keyBody(t, sup.token, u.id),
    });
    assert.equal(set.id, u.id);
    assert.equal(set.binanceKey, "********");
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, u.id));
    assert.equal(await t.deps.secretBox.open(row.binanceSecret!), "s-for-user");
    const [own] = await t.deps.db.select().from(users).where(eq(users.id, sup.id));
    assert.equal(own.binanceKey, null, "the SuperAdmin's own keys are untouched");
  } finally {
    await t.close();
  }
});

Deno.test("coin-funds: read from the paper account on the user's pair and exchange, own or Admin up", async () => {
  const t = await makeTestApp();
  try {
    const admin = await t.user("Admin");
    const u = await t.user("User");
    const other = await t.user("User");
    const missing = await expectStatus(t, 400, "GET", `/api/users/${u.id}/coin-funds`, {
      token: u.token,
    });
    assert.equal(missing.message, "Please update Key/Secret for Binance first");

    await giveKeys(t, u.id, "gate");
    await setUser(t, u.id, { exchange: "gate", pair: "eth_usdt" });
    await t.deps.db.insert(paperBalances).values({
      account: `user:${u.id}`,
      asset: "ETH",
      free: "3.25",
    });
    const own = await expectStatus(t, 200, "GET", `/api/users/${u.id}/coin-funds`, {
      token: u.token,
    });
    assert.deepEqual(own, {
      coinFunds: "3.25000000",
      asset: "ETH",
      exchange: "gate",
      pair: "eth_usdt",
    });
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, u.id));
    assert.equal(row.coinFunds, "3.25000000", "the value read is shown with the user");

    await expectStatus(t, 403, "GET", `/api/users/${u.id}/coin-funds`, { token: other.token });
    await expectStatus(t, 200, "GET", `/api/users/${u.id}/coin-funds`, { token: admin.token });
  } finally {
    await t.close();
  }
});

Deno.test("expired call: no DONE row for a user who could not have traded; one for a user who could", async () => {
  const t = await makeTestApp();
  try {
    const lead = await t.user("Lead");
    await insertCall(t, "call-1", lead);
    const done = (user: { id: number; token: string }, amount: string) =>
      t.call("POST", "/api/transaction/generate-done", {
        token: user.token,
        body: {
          marketPrice: "60000",
          pair: "btc_usdt",
          amount,
          buyPrice: "60000",
          sellPrice: "60600",
          userId: user.id,
          callId: "call-1",
        },
      });

    // Amount 0: nothing to buy.
    const broke = await t.user("User");
    await setUser(t, broke.id, { useBot: "buy_sell" });
    await giveKeys(t, broke.id, "binance");
    const zero = await done(broke, "0");
    assert.equal(zero.status, 200);
    assert.deepEqual(await zero.json(), { created: false, outcome: "skipped", transaction: null });

    // A bot mode with no keys: the order could not have been placed.
    const keyless = await t.user("User");
    await setUser(t, keyless.id, { useBot: "buy_sell", tradingAmount: "100" });
    assert.equal((await (await done(keyless, "100")).json()).outcome, "skipped");

    // Keys and an amount: the call's DONE row, at the feed's price.
    t.market.sim("binance")!.setPrice("btc_usdt", "60000");
    const ready = await t.user("User");
    await setUser(t, ready.id, { useBot: "buy_sell", tradingAmount: "100" });
    await giveKeys(t, ready.id, "binance");
    const res = await done(ready, "100");
    assert.equal(res.status, 201);
    assert.equal((await res.json()).transaction.quantity, "0.00166666");

    const rows = await t.deps.db.select().from(transactions);
    assert.deepEqual(rows.map((r) => r.userId), [ready.id]);
  } finally {
    await t.close();
  }
});
