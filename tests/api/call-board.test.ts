// The call board (issue 29): a Lead calls three Users; one trades, a limit refuses one, one lets
// the call pass. Each line moves as it happens, on the board and as `call-board` messages to the
// Lead and Admins; the totals are the lines' sums; a second instance on PostgreSQL reads the same.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { Decimal } from "decimal.js";
import {
  type BoardRecipient,
  type CallBoard,
  type CallBoardEvent,
  callBoardSchema,
} from "../../server/calls/board.shared.ts";
import { transactions } from "../../server/db/schema.ts";
import type { BusEvent } from "../../server/realtime/bus.ts";
import { TEST_DATABASE_URL } from "../support/database.ts";
import { secondInstance } from "../support/second-instance.ts";
import { caller, makeTestApp, type TestApp, type TestUser } from "../support/test-app.ts";
import { until } from "../support/until.ts";
import {
  buyBody,
  doneBody,
  expectStatus,
  giveKeys,
  json,
  setGroup,
  setUser,
} from "./transactions-fixtures.ts";

const PRICE = "60000";

async function setup() {
  const t = await makeTestApp();
  t.market.sim("binance")!.setPrice("btc_usdt", PRICE);
  const lead = await t.user("Lead", "lead_one");
  const otherLead = await t.user("Lead", "lead_two");
  const admin = await t.user("Admin", "admin_one");
  const [trader, limited, misser] = [
    await t.user("User", "u_trader"),
    await t.user("User", "u_limited"),
    await t.user("User", "u_misser"),
  ];
  for (const u of [lead, otherLead, trader, limited, misser]) await setGroup(t, u.id, "desk");
  await setGroup(t, admin.id, "office");
  for (const u of [trader, limited, misser]) {
    await giveKeys(t, u.id, "binance");
    await setUser(t, u.id, { tradingAmount: "100", spread: "0.01" });
  }
  await expectStatus(t, 200, "PUT", "/api/trading-limits", {
    token: admin.token,
    body: { userId: limited.id, exchange: "binance", maxPerOrder: "50", maxPerDay: null },
  });
  const events: { to: unknown; msg: CallBoardEvent }[] = [];
  t.deps.realtime!.bus.subscribe((e: BusEvent) => {
    if (e.kind === "send" && e.msg.type === "call-board") events.push({ to: e.to, msg: e.msg });
  });
  return { t, lead, otherLead, admin, trader, limited, misser, events };
}

async function board(t: TestApp, token: string, id: string): Promise<CallBoard> {
  return callBoardSchema.parse(await expectStatus(t, 200, "GET", `/api/calls/${id}`, { token }));
}

const line = (b: CallBoard, u: TestUser) => b.recipients.find((r) => r.userId === u.id)!;

async function lineBecomes(t: TestApp, token: string, id: string, u: TestUser, state: string) {
  let last: BoardRecipient | undefined;
  await until(
    async () => {
      last = line(await board(t, token, id), u);
      return last.state === state;
    },
    3000,
    `${u.username} ${state} (was ${last?.state})`,
  );
  return last!;
}

Deno.test("call board: traded, refused by a limit and missed, with reaction time, totals and events", async () => {
  const { t, lead, otherLead, admin, trader, limited, misser, events } = await setup();
  try {
    const call = await expectStatus(t, 201, "POST", "/api/calls", {
      token: lead.token,
      body: { target: "BUY", count: 1 },
    });
    // The first lines are there as soon as the call is: everyone told, nobody's page open.
    const first = await board(t, lead.token, call.id);
    assert.deepEqual(first.call, call);
    assert.deepEqual(
      first.recipients.map((r) => [r.username, r.state, r.delivery]),
      [
        ["lead_two", "notified", "offline"],
        ["u_limited", "notified", "offline"],
        ["u_misser", "notified", "offline"],
        ["u_trader", "notified", "offline"],
      ],
    );

    // Permissions: a User reads no board, another Lead not this one, an Admin every one.
    await expectStatus(t, 403, "GET", `/api/calls/${call.id}`, { token: trader.token });
    await expectStatus(t, 403, "GET", `/api/calls/${call.id}`, { token: otherLead.token });
    await expectStatus(t, 200, "GET", `/api/calls/${call.id}`, { token: admin.token });
    await expectStatus(t, 404, "GET", "/api/calls/nope", { token: admin.token });

    t.clock.advance(400);
    const seen = await t.call("POST", `/api/calls/${call.id}/seen`, { token: trader.token });
    assert.equal(seen.status, 204);
    const seenLine = line(await board(t, lead.token, call.id), trader);
    assert.equal(seenLine.state, "seen");
    assert.equal(seenLine.seenAt, call.createdAt + 400);
    // Lines go out in rounds that read the board as it is then: a trade landing before the seen
    // line's round would send it as traded (seenAt set), never as seen. The trade waits for it.
    await until(
      () => events.some((e) => e.msg.recipient.userId === trader.id),
      3000,
      "the seen line sent",
    );

    t.clock.advance(1100);
    const bought = await expectStatus(t, 201, "POST", "/api/transaction", {
      token: trader.token,
      body: buyBody(t, { callId: call.id, amount: "100" }),
    });
    const row = bought.transaction;
    const traded = await lineBecomes(t, lead.token, call.id, trader, "traded");
    assert.equal(traded.reactionMs, 1500);
    assert.equal(traded.side, "BUY");
    assert.equal(traded.transactionId, row.id);
    assert.equal(traded.fillPrice, PRICE);
    assert.equal(traded.quantity, new Decimal(row.filledQuantity).toFixed());
    assert.equal(
      traded.amount,
      new Decimal(row.filledQuantity).mul(row.avgPrice).toFixed(),
    );

    t.clock.advance(500);
    const refused = await t.call("POST", "/api/transaction", {
      token: limited.token,
      body: buyBody(t, { amount: "100" }),
    });
    assert.equal(refused.status, 403);
    const refusedLine = await lineBecomes(t, lead.token, call.id, limited, "refused");
    assert.equal(refusedLine.reason?.code, "limits.perOrder");
    assert.equal(refusedLine.reason?.params.max, "50");
    assert.equal(refusedLine.reactionMs, null);

    // The live price moves: the open row's result is its unrealized result.
    t.market.sim("binance")!.setPrice("btc_usdt", "61000");
    const list = await expectStatus(t, 200, "GET", "/api/transaction", { token: trader.token });
    const open = list.ALL.items.find((x: { id: number }) => x.id === row.id);
    assert.ok(open.unrealizedPnl);
    assert.equal(
      line(await board(t, lead.token, call.id), trader).unrealizedPnl,
      new Decimal(open.unrealizedPnl).toFixed(),
    );

    t.clock.advance(20_000);
    const missed = await expectStatus(t, 201, "POST", "/api/transaction/generate-done", {
      token: misser.token,
      body: doneBody(misser.id, { callId: call.id }),
    });
    // Expired, the line reads missed at once; the missed-call row it names comes after the answer.
    let missedLine = line(await board(t, lead.token, call.id), misser);
    assert.equal(missedLine.state, "missed");
    await until(
      async () => {
        missedLine = line(await board(t, lead.token, call.id), misser);
        return missedLine.transactionId === missed.transaction.id;
      },
      3000,
      "the missed-call row on the line",
    );
    const m = missed.transaction;
    const wouldBe = new Decimal(m.sellPrice).minus(m.buyPrice).mul(m.quantity);
    assert.ok(wouldBe.gt(0));
    assert.equal(missedLine.missedWouldBe, wouldBe.toDecimalPlaces(8).toFixed());
    assert.equal(missedLine.realizedPnl, null);

    // The row closes with a fill (as the bot records it): realized, no longer unrealized.
    await t.deps.db.update(transactions).set({
      status: "DONE",
      filledPrice: "61000",
      closeQuantity: row.filledQuantity,
      realizedPnl: "1.23456789",
    }).where(eq(transactions.id, row.id));
    const final = await board(t, admin.token, call.id);
    assert.equal(line(final, trader).realizedPnl, "1.23456789");
    assert.equal(line(final, trader).unrealizedPnl, null);
    assert.deepEqual(final.totals, {
      recipients: 4,
      followed: 1,
      filledAmount: traded.amount,
      realizedPnl: "1.23456789",
      unrealizedPnl: "0",
      missedWouldBe: missedLine.missedWouldBe,
    });
    // The other Lead of the group was told and did nothing: the call has expired, so missed.
    assert.equal(line(final, otherLead).state, "missed");

    // Each change went to the Lead and the Admins, with the line as the board shows it then.
    const to = { users: [lead.id], roles: ["SuperAdmin", "Admin"] };
    const states = (u: TestUser) =>
      events.filter((e) => e.msg.recipient.userId === u.id).map((e) => e.msg.recipient.state);
    await until(() => states(misser).length > 0, 3000, "the missed line sent");
    for (const e of events) assert.deepEqual(e.to, to);
    assert.deepEqual(states(trader).slice(0, 2), ["seen", "traded"]);
    assert.deepEqual(states(limited), ["refused"]);
    assert.deepEqual(states(misser), ["missed"]);
    const lastMissed = events.findLast((e) => e.msg.recipient.userId === misser.id)!;
    assert.equal(lastMissed.msg.callId, call.id);
    assert.equal(lastMissed.msg.totals.followed, 1);
  } finally {
    await t.close();
  }
});

Deno.test("call board: a seen notice counts once; a stranger's seen changes nothing", async () => {
  const { t, lead, admin, trader, events } = await setup();
  try {
    const call = await expectStatus(t, 201, "POST", "/api/calls", {
      token: lead.token,
      body: { target: "BUY", count: 1 },
    });
    t.clock.advance(200);
    for (const token of [trader.token, trader.token, admin.token]) {
      const res = await t.call("POST", `/api/calls/${call.id}/seen`, { token });
      assert.equal(res.status, 204);
    }
    assert.equal(line(await board(t, lead.token, call.id), trader).seenAt, call.createdAt + 200);
    // Whoever has not acted when the call expires reads as missed, though no page of theirs said so.
    const others = (await board(t, lead.token, call.id)).recipients.filter((r) =>
      r.userId !== trader.id
    );
    assert.ok(others.length > 0 && others.every((r) => r.state === "notified"));
    t.clock.advance(t.deps.config.CALL_EXPIRY_MS);
    const expired = await board(t, lead.token, call.id);
    assert.ok(expired.recipients.every((r) => r.state === "missed"));
    t.clock.set(new Date(call.createdAt + 200));
    assert.equal(
      (await t.call("POST", "/api/calls/nope/seen", { token: trader.token })).status,
      204,
    );
    // Sent after the answer: the one change arrives, and a later one after it (nothing between).
    await until(() => events.length > 0, 3000, "the seen line");
    t.clock.advance(300);
    await expectStatus(t, 201, "POST", "/api/transaction", {
      token: trader.token,
      body: buyBody(t, { callId: call.id }),
    });
    await until(() => events.some((e) => e.msg.recipient.state === "traded"), 3000, "traded");
    assert.deepEqual(events.map((e) => e.msg.recipient.state).slice(0, 2), ["seen", "traded"]);
  } finally {
    await t.close();
  }
});

Deno.test({
  name: "call board: a second instance on PostgreSQL reads the same board and hears each change",
  ignore: !TEST_DATABASE_URL,
  async fn() {
    const { t, lead, admin, trader } = await setup();
    const other = await secondInstance(t, true);
    try {
      const heard: CallBoardEvent[] = [];
      other.deps.realtime!.bus.subscribe((e: BusEvent) => {
        if (e.kind === "send" && e.msg.type === "call-board") heard.push(e.msg);
      });
      const call = await expectStatus(t, 201, "POST", "/api/calls", {
        token: lead.token,
        body: { target: "BUY", count: 1 },
      });
      t.clock.advance(700);
      await expectStatus(t, 201, "POST", "/api/transaction", {
        token: trader.token,
        body: buyBody(t, { callId: call.id }),
      });
      await lineBecomes(t, lead.token, call.id, trader, "traded");
      await until(() => heard.some((e) => e.recipient.state === "traded"), 3000, "relayed");
      const here = await board(t, admin.token, call.id);
      const res = await caller(other.app)("GET", `/api/calls/${call.id}`, { token: admin.token });
      const there = callBoardSchema.parse(await json(res));
      // Prices are relayed to the api-only instance: compare what does not depend on them.
      const strip = (b: CallBoard) => ({
        ...b,
        recipients: b.recipients.map((r) => ({ ...r, unrealizedPnl: null })),
        totals: { ...b.totals, unrealizedPnl: "" },
      });
      assert.deepEqual(strip(there), strip(here));
      assert.equal(line(there, trader).reactionMs, 700);
    } finally {
      await other.close();
      await t.close();
    }
  },
});
