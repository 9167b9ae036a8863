// Call history and per-person call figures (issue 29): every call with who followed, how fast and
// what it made, filtered and paged; a Lead reads their own calls, Admins all, a User none; figures
// per User and per Lead, a User seeing only their own line.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { Decimal } from "decimal.js";
import {
  type CallFigures,
  callFiguresSchema,
  type CallHistory,
  callHistorySchema,
} from "../../server/calls/board.shared.ts";
import { callRecipients, transactions } from "../../server/db/schema.ts";
import { csvLines, insertShiftReport } from "../support/report-fixtures.ts";
import { makeTestApp, type TestApp, type TestUser } from "../support/test-app.ts";
import { until } from "../support/until.ts";
import {
  buyBody,
  doneBody,
  expectStatus,
  giveKeys,
  setGroup,
  setUser,
} from "./transactions-fixtures.ts";

async function setup() {
  const t = await makeTestApp();
  t.market.sim("binance")!.setPrice("btc_usdt", "60000");
  const admin = await t.user("Admin", "admin_h");
  const leadA = await t.user("Lead", "lead_a");
  const leadB = await t.user("Lead", "lead_b");
  const [u1, u2, u3] = [
    await t.user("User", "user_1"),
    await t.user("User", "user_2"),
    await t.user("User", "user_3"),
  ];
  await setGroup(t, admin.id, "office");
  for (const u of [leadA, u1, u2]) await setGroup(t, u.id, "a");
  for (const u of [leadB, u3]) await setGroup(t, u.id, "b");
  for (const u of [u1, u2, u3]) {
    await giveKeys(t, u.id, "binance");
    await setUser(t, u.id, { tradingAmount: "100", spread: "0.01" });
  }
  return { t, admin, leadA, leadB, u1, u2, u3 };
}

const send = (t: TestApp, lead: TestUser, target: string) =>
  expectStatus(t, 201, "POST", "/api/calls", { token: lead.token, body: { target, count: 1 } });

/** Buys in the call after `afterMs`, and waits for the board to have heard it. */
async function follow(t: TestApp, u: TestUser, callId: string, afterMs: number) {
  t.clock.advance(afterMs);
  const { transaction } = await expectStatus(t, 201, "POST", "/api/transaction", {
    token: u.token,
    body: buyBody(t, { callId }),
  });
  await until(
    async () => {
      const [line] = await t.deps.db.select().from(callRecipients)
        .where(eq(callRecipients.transactionId, transaction.id));
      return line?.state === "traded";
    },
    3000,
    `${u.username} traded`,
  );
  return transaction;
}

const history = async (t: TestApp, token: string, query = ""): Promise<CallHistory> =>
  callHistorySchema.parse(await expectStatus(t, 200, "GET", `/api/calls?${query}`, { token }));
const figures = async (t: TestApp, token: string, query = ""): Promise<CallFigures> =>
  callFiguresSchema.parse(
    await expectStatus(t, 200, "GET", `/api/calls/figures?${query}`, { token }),
  );

/** Two calls of lead_a (user_1 and user_2 follow the first; user_1 misses the second), one of lead_b. */
async function seedCalls(s: Awaited<ReturnType<typeof setup>>) {
  const { t, leadA, leadB, u1, u2, u3 } = s;
  const call1 = await send(t, leadA, "BUY");
  const row1 = await follow(t, u1, call1.id, 1000);
  const row2 = await follow(t, u2, call1.id, 2000);
  t.clock.advance(60_000);
  const call2 = await send(t, leadA, "SELL");
  t.clock.advance(20_001);
  const missed = await expectStatus(t, 201, "POST", "/api/transaction/generate-done", {
    token: u1.token,
    body: doneBody(u1.id, { callId: call2.id }),
  });
  await until(
    async () => {
      const [line] = await t.deps.db.select().from(callRecipients)
        .where(eq(callRecipients.transactionId, missed.transaction.id));
      return line?.state === "missed";
    },
    3000,
    "user_1 missed",
  );
  t.clock.advance(60_000);
  const call3 = await send(t, leadB, "BUY");
  const row3 = await follow(t, u3, call3.id, 4000);
  // user_1's position closes with a fill: realized 2.5.
  await t.deps.db.update(transactions).set({
    status: "DONE",
    filledPrice: "61000",
    closeQuantity: row1.filledQuantity,
    realizedPnl: "2.5",
  }).where(eq(transactions.id, row1.id));
  return { call1, call2, call3, row1, row2, row3, missed: missed.transaction };
}

const filled = (...rows: { filledQuantity: string; avgPrice: string }[]) =>
  rows.reduce((a, r) => a.plus(new Decimal(r.filledQuantity).mul(r.avgPrice)), new Decimal(0))
    .toFixed();

Deno.test("call history: a Lead's own calls with followed share, median reaction and results; Admins filter and page all", async () => {
  const s = await setup();
  const { t, admin, leadA, leadB, u1 } = s;
  try {
    const { call1, call2, call3, row1, row2, missed } = await seedCalls(s);

    const own = await history(t, leadA.token, `leadId=${leadB.id}`);
    assert.equal(own.totalItems, 2);
    assert.deepEqual(own.items.map((c) => c.id), [call2.id, call1.id]);
    const [second, first] = own.items;
    assert.deepEqual(
      {
        recipients: first.recipients,
        followed: first.followed,
        median: first.medianReactionMs,
        filled: first.filledAmount,
        realized: first.realizedPnl,
        missed: first.missedWouldBe,
      },
      {
        recipients: 2,
        followed: 1,
        median: 2000,
        filled: filled(row1, row2),
        realized: "2.5",
        missed: "0",
      },
    );
    assert.equal(first.from, "lead_a");
    assert.equal(first.createdAt, call1.createdAt);
    assert.equal(second.followed, 0);
    assert.equal(second.medianReactionMs, null);
    assert.equal(
      second.missedWouldBe,
      new Decimal(missed.sellPrice).minus(missed.buyPrice).mul(missed.quantity).toFixed(),
    );

    const all = await history(t, admin.token);
    assert.deepEqual(all.items.map((c) => c.id), [call3.id, call2.id, call1.id]);
    assert.equal(all.items[0].medianReactionMs, 4000);
    assert.deepEqual((await history(t, admin.token, `leadId=${leadB.id}`)).items.map((c) => c.id), [
      call3.id,
    ]);
    assert.deepEqual((await history(t, admin.token, "target=sell")).items.map((c) => c.id), [
      call2.id,
    ]);
    assert.equal((await history(t, admin.token, "pair=btc_usdt")).totalItems, 3);
    assert.equal((await history(t, admin.token, "pair=eth_usdt")).totalItems, 0);
    const window = `start=${call2.createdAt}&end=${call3.createdAt - 1}`;
    assert.deepEqual((await history(t, admin.token, window)).items.map((c) => c.id), [call2.id]);
    const page2 = await history(t, admin.token, "limit=1&page=2");
    assert.deepEqual(page2.items.map((c) => c.id), [call2.id]);
    assert.equal(page2.totalItems, 3);

    await expectStatus(t, 403, "GET", "/api/calls", { token: u1.token });
    await expectStatus(t, 400, "GET", "/api/calls?start=9&end=1", { token: admin.token });
    await expectStatus(t, 400, "GET", "/api/calls?limit=0", { token: admin.token });
  } finally {
    await t.close();
  }
});

Deno.test("call figures: per User and per Lead; a Lead sees their group, a User only their own line", async () => {
  const s = await setup();
  const { t, admin, leadA, leadB, u1, u2, u3 } = s;
  try {
    await seedCalls(s);
    const everyone = await figures(t, admin.token);
    assert.deepEqual(everyone.users, [
      {
        userId: u1.id,
        username: "user_1",
        received: 2,
        followed: 0.5,
        medianReactionMs: 1000,
        result: "2.5",
      },
      {
        userId: u2.id,
        username: "user_2",
        received: 2,
        followed: 0.5,
        medianReactionMs: 3000,
        result: "0",
      },
      {
        userId: u3.id,
        username: "user_3",
        received: 1,
        followed: 1,
        medianReactionMs: 4000,
        result: "0",
      },
    ]);
    assert.deepEqual(everyone.leads, [
      { userId: leadA.id, username: "lead_a", sent: 2, followed: 0.5, deskResult: "2.5" },
      { userId: leadB.id, username: "lead_b", sent: 1, followed: 1, deskResult: "0" },
    ]);

    const lead = await figures(t, leadA.token);
    assert.deepEqual(lead.users.map((u) => u.username), ["user_1", "user_2"]);
    assert.deepEqual(lead.leads.map((l) => l.username), ["lead_a"]);

    const own = await figures(t, u1.token);
    assert.deepEqual(own, { users: [everyone.users[0]], leads: [] });

    // A range before the first call: nothing.
    assert.deepEqual(await figures(t, admin.token, "start=0&end=1"), { users: [], leads: [] });
    await expectStatus(t, 400, "GET", "/api/calls/figures?start=9&end=1", { token: u1.token });
  } finally {
    await t.close();
  }
});

Deno.test("end-of-shift report: each Lead's calls that day, the share followed and what the followers' counted trades realized", async () => {
  const s = await setup();
  const { t, admin, leadA, leadB } = s;
  try {
    const { call1 } = await seedCalls(s);
    const at = new Date(call1.createdAt);
    for (const lead of [leadA, leadB]) {
      await insertShiftReport(t.deps.db, {
        userId: lead.id,
        createdAt: at,
        account: lead.username,
      });
    }
    const day = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
    const res = await t.call("POST", "/api/shift-report/daily-report", {
      token: admin.token,
      body: { start: day, end: day + 86_400_000 - 1 },
    });
    assert.equal(res.status, 200);
    // Calls Sent, Calls Followed %, Calls Result: user_2's open row in call 1 realizes nothing.
    assert.deepEqual((await csvLines(res)).slice(1).map((l) => l.split(",").slice(-3)), [
      ["2", "50", "2.5"],
      ["1", "100", "0"],
      ["3", "60", "2.5"],
    ]);
  } finally {
    await t.close();
  }
});
