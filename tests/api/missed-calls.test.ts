// A missed call is not a trade (issue 27): generate-done writes a row of kind "missed_call" only
// for a user who did nothing in the call, decided from what the server recorded during it (not
// the client's callId); every transaction answers its kind. The gate is the real one (a User
// trades only during a call).
import assert from "node:assert/strict";
import { callOutcomes, transactions } from "../../server/db/schema.ts";
import type { TransactionView } from "../../server/transactions/view.ts";
import { makeTestApp, type TestApp, type TestUser } from "../support/test-app.ts";
import {
  buyBody,
  doneBody,
  expectStatus,
  giveKeys,
  insertCall,
  json,
  setUser,
} from "./transactions-fixtures.ts";

const CALL_MS = 20_000;

async function setup() {
  const t = await makeTestApp();
  t.market.sim("binance")!.setPrice("btc_usdt", "60000");
  const lead = await t.user("Lead");
  const admin = await t.user("Admin");
  const traders = [await t.user("User"), await t.user("User")];
  for (const u of traders) {
    await giveKeys(t, u.id, "binance");
    await setUser(t, u.id, { tradingAmount: "100" });
  }
  return { t, lead, admin, traders };
}

const buy = async (t: TestApp, u: TestUser, overrides: Record<string, unknown> = {}) => {
  const res = await t.call("POST", "/api/transaction", {
    token: u.token,
    body: buyBody(t, overrides),
  });
  return { status: res.status, body: await json(res) };
};

const generateDone = (t: TestApp, u: TestUser, callId: string, status: number) =>
  expectStatus(t, status, "POST", "/api/transaction/generate-done", {
    token: u.token,
    body: doneBody(u.id, { callId }),
  });

Deno.test("missed calls: a purchase without callId answers the call; ids and kinds read in order", async () => {
  const { t, lead, traders: [user] } = await setup();
  try {
    await insertCall(t, "c1", lead);
    const first = await buy(t, user);
    assert.equal(first.status, 201, JSON.stringify(first.body));
    assert.equal(first.body.transaction.kind, "trade");
    t.clock.advance(CALL_MS + 1);
    assert.deepEqual(await generateDone(t, user, "c1", 200), {
      created: false,
      outcome: "bought",
      transaction: null,
    });

    await insertCall(t, "c2", lead);
    t.clock.advance(CALL_MS + 1);
    const missed = await generateDone(t, user, "c2", 201);
    assert.equal(missed.transaction.kind, "missed_call");
    assert.equal(missed.transaction.status, "DONE");
    // A repeat answers the same row.
    assert.equal((await generateDone(t, user, "c2", 200)).transaction.id, missed.transaction.id);

    t.clock.advance(1);
    await insertCall(t, "c3", lead);
    const last = await buy(t, user);
    assert.equal(last.status, 201, JSON.stringify(last.body));

    // One id range for every row of the process, so ids follow the time they were written.
    const ids = [first.body.transaction.id, missed.transaction.id, last.body.transaction.id];
    assert.deepEqual([...ids].sort((a, b) => a - b), ids);
    const list = await expectStatus(t, 200, "GET", "/api/transaction", { token: user.token });
    assert.deepEqual(
      list.ALL.items.map((tx: TransactionView) => [tx.id, tx.kind]),
      [[ids[2], "trade"], [ids[1], "missed_call"], [ids[0], "trade"]],
    );
    const rows = await t.deps.db.select().from(transactions);
    assert.equal(rows.length, 3);
  } finally {
    await t.close();
  }
});

Deno.test("missed calls: an order refused by a per-order limit or a halt during the call makes no row", async () => {
  const { t, lead, admin, traders: [limited, halted] } = await setup();
  try {
    await expectStatus(t, 200, "PUT", "/api/trading-limits", {
      token: admin.token,
      body: { userId: limited.id, exchange: "binance", maxPerOrder: "50", maxPerDay: null },
    });
    await expectStatus(t, 201, "POST", "/api/trading-halts", {
      token: admin.token,
      body: { scope: "user", userId: halted.id, reason: "Review" },
    });
    // Refused outside a call by the gate: no call to record it against.
    assert.equal((await buy(t, limited)).status, 403);
    assert.deepEqual(await t.deps.db.select().from(callOutcomes), []);

    await insertCall(t, "c1", lead);
    const overLimit = await buy(t, limited);
    assert.equal(overLimit.status, 403);
    assert.equal(overLimit.body.code, "limits.perOrder");
    const stopped = await buy(t, halted);
    assert.equal(stopped.status, 403);
    assert.equal(stopped.body.code, "halts.user");
    t.clock.advance(CALL_MS + 1);
    for (const u of [limited, halted]) {
      assert.deepEqual(await generateDone(t, u, "c1", 200), {
        created: false,
        outcome: "refused",
        transaction: null,
      });
    }
    assert.deepEqual(await t.deps.db.select().from(transactions), []);

    // The next call, let pass, is missed by both.
    await insertCall(t, "c2", lead);
    t.clock.advance(CALL_MS + 1);
    for (const u of [limited, halted]) {
      assert.equal((await generateDone(t, u, "c2", 201)).transaction.kind, "missed_call");
    }
  } finally {
    await t.close();
  }
});
