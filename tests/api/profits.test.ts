import assert from "node:assert/strict";
import {
  csvLines,
  insertShiftReport,
  insertTransactions,
  insertUser,
  roundTrip,
} from "../support/report-fixtures.ts";
import { makeTestApp, type TestApp } from "../support/test-app.ts";
import { dec, type Decimal } from "../../server/core/decimal.shared.ts";
import type { ProfitRow } from "../../server/profits/schema.ts";

const at = (iso: string) => new Date(iso);
const ms = (iso: string) => Date.parse(iso);

/**
 * alice and bob over three days. Only DONE round trips count, at what their fills made (the first
 * was filled off its targets and paid fees); the rest is shown apart.
 */
async function seed(t: TestApp) {
  const alice = await insertUser(t.deps.db, "alice");
  const bob = await insertUser(t.deps.db, "-bob");
  await insertTransactions(t.deps.db, [
    // Targets 100 and 110; filled at 100.2 and 109.9, 0.05 USDT fee each: 9.6.
    {
      userId: alice.id,
      createdAt: at("2026-01-02T01:00:00Z"),
      ...roundTrip("1", "100.2", "109.9", "0.05"),
    },
    {
      userId: alice.id,
      createdAt: at("2026-01-02T23:00:00Z"),
      sellPrice: "100.5",
      quantity: "2",
      ...roundTrip("2", "100", "100.5"),
    },
    { userId: alice.id, createdAt: at("2026-01-02T23:30:00Z"), status: "BUY" },
    {
      userId: bob.id,
      createdAt: at("2026-01-02T12:00:00Z"),
      buyPrice: "105",
      quantity: "0.5",
      ...roundTrip("0.5", "105", "110"),
    },
    {
      userId: alice.id,
      createdAt: at("2026-01-03T09:00:00Z"),
      pair: "eth_usdt",
      quantity: "3",
      ...roundTrip("3", "100", "110"),
    },
    {
      userId: bob.id,
      createdAt: at("2026-01-05T09:00:00Z"),
      sellPrice: "90",
      ...roundTrip("1", "100", "90"),
    },
    // Not counted, shown apart: a typed price, an Admin's edit, a hand close, a one-sided BUY.
    {
      userId: alice.id,
      createdAt: at("2026-01-02T22:00:00Z"),
      sellPrice: "99999",
      priceSource: "typed",
    },
    {
      userId: bob.id,
      createdAt: at("2026-01-05T10:00:00Z"),
      sellPrice: "500",
      priceSource: "edited",
    },
    {
      userId: alice.id,
      createdAt: at("2026-01-02T20:00:00Z"),
      sellPrice: "120",
      priceSource: "hand_closed",
    },
    {
      userId: alice.id,
      createdAt: at("2026-01-03T10:00:00Z"),
      useBot: "only_buy",
      sellPrice: "100",
      filledQuantity: "1",
      avgPrice: "100",
    },
    // A call bob missed: would have made (101 - 100) x 2.
    {
      userId: bob.id,
      createdAt: at("2026-01-02T13:00:00Z"),
      kind: "missed_call",
      sellPrice: "101",
      quantity: "2",
    },
  ]);
  return { alice, bob };
}

Deno.test("profits: realized profit per day, user and pair, newest day first, paged", async () => {
  const t = await makeTestApp();
  try {
    const admin = await t.user("Admin");
    await seed(t);
    const res = await t.call("GET", "/api/profits?limit=3", { token: admin.token });
    assert.equal(res.status, 200);
    const body = await res.json();
    assert.equal(body.totalItems, 5);
    // 9.6 + 1 + 2.5 + 30 - 10: the fills, not the targets' 10 + 1 + 2.5 + 30 - 10.
    assert.deepEqual(body.total, { trades: 5, profit: "33.1" });
    assert.deepEqual(body.notCounted, {
      trades: 4,
      // At their targets: 99899 typed, 400 edited, 20 closed by hand, 0 one-sided.
      profit: "100319",
      typed: 1,
      handClosed: 1,
      edited: 1,
      oneSided: 1,
      unpriced: 0,
    });
    assert.deepEqual(body.missedCalls, { count: 1, profit: "2" });
    assert.deepEqual(
      body.items.map((
        r: Record<string, unknown>,
      ) => [r.day, r.username, r.pair, r.trades, r.profit, r.notCountedTrades]),
      [
        ["2026-01-05", "-bob", "btc_usdt", 1, "-10", 1],
        ["2026-01-03", "alice", "btc_usdt", 0, "0", 1],
        ["2026-01-03", "alice", "eth_usdt", 1, "30", 0],
      ],
    );
    const second = await (await t.call("GET", "/api/profits?limit=3&page=2", {
      token: admin.token,
    })).json();
    assert.deepEqual(second.items.map((r: { username: string }) => r.username), ["-bob", "alice"]);
    assert.equal(second.items[0].missedCalls, 1);
    assert.equal(second.items[0].missedProfit, "2");
    assert.deepEqual(second.items[1], {
      day: "2026-01-02",
      userId: second.items[1].userId,
      username: "alice",
      pair: "btc_usdt",
      trades: 2,
      quantity: "3",
      buyAmount: "300.2",
      sellAmount: "310.9",
      profit: "10.6",
      notCountedTrades: 2,
      notCountedProfit: "99919",
      missedCalls: 0,
      missedProfit: "0",
    });

    const ranged = await (await t.call(
      "GET",
      `/api/profits?start=${ms("2026-01-03T00:00:00Z")}&end=${
        ms("2026-01-05T23:59:59.999Z")
      }&pair=btc_usdt`,
      { token: admin.token },
    )).json();
    assert.equal(ranged.totalItems, 2);
    assert.equal(ranged.items[0].profit, "-10");
    assert.equal(ranged.items[1].trades, 0);
  } finally {
    await t.close();
  }
});

Deno.test("profits: bad queries are 400; Lead and User get 403", async () => {
  const t = await makeTestApp();
  try {
    const admin = await t.user("SuperAdmin");
    for (const q of ["start=5&end=1", "limit=0", "limit=101", "page=0", "pair=btc", "start=x"]) {
      const res = await t.call("GET", `/api/profits?${q}`, { token: admin.token });
      assert.equal(res.status, 400, q);
    }
    for (const role of ["Lead", "User"] as const) {
      const { token } = await t.user(role);
      assert.equal((await t.call("GET", "/api/profits", { token })).status, 403);
    }
  } finally {
    await t.close();
  }
});

Deno.test("profit CSV: every day in the query range, oldest first, as profit-{timestamp}.csv", async () => {
  const t = await makeTestApp();
  try {
    const admin = await t.user("Admin");
    await seed(t);
    const query = `start=${ms("2026-01-02T00:00:00Z")}&end=${ms("2026-01-05T23:59:59.999Z")}`;
    const res = await t.call("POST", `/api/users/calculator-profit-csv?${query}`, {
      token: admin.token,
    });
    assert.equal(res.status, 200);
    assert.equal(
      res.headers.get("content-disposition"),
      `attachment; filename="profit-${t.clock.now().getTime()}.csv"`,
    );
    assert.deepEqual(await csvLines(res), [
      "Date (UTC),Username,Pair,Trades,Quantity,Buy Amount,Sell Amount,Profit," +
      "Not Counted Trades,Not Counted Profit,Missed Calls,Missed Calls Would Have Made",
      "2026-01-02,'-bob,BTC/USDT,1,0.5,52.5,55,2.5,0,0,1,2",
      "2026-01-02,alice,BTC/USDT,2,3,300.2,310.9,10.6,2,99919,0,0",
      "2026-01-03,alice,BTC/USDT,0,0,0,0,0,1,0,0,0",
      "2026-01-03,alice,ETH/USDT,1,3,300,330,30,0,0,0,0",
      "2026-01-05,'-bob,BTC/USDT,1,1,100,90,-10,1,400,0,0",
    ]);

    const none = await t.call("POST", "/api/users/calculator-profit-csv?start=0&end=1", {
      token: admin.token,
    });
    assert.deepEqual(await csvLines(none), [
      "Date (UTC),Username,Pair,Trades,Quantity,Buy Amount,Sell Amount,Profit," +
      "Not Counted Trades,Not Counted Profit,Missed Calls,Missed Calls Would Have Made",
    ]);
    const bad = await t.call("POST", "/api/users/calculator-profit-csv?start=9&end=1", {
      token: admin.token,
    });
    assert.equal(bad.status, 400);
  } finally {
    await t.close();
  }
});

Deno.test("profits: /profit, the profit CSV and the User Summary and End of Shift reports agree to the cent", async () => {
  const t = await makeTestApp();
  try {
    const admin = await t.user("Admin");
    const { alice, bob } = await seed(t);
    await insertShiftReport(t.deps.db, { userId: alice.id, createdAt: at("2026-01-02T08:00:00Z") });
    await insertShiftReport(t.deps.db, { userId: bob.id, createdAt: at("2026-01-05T21:00:00Z") });
    const range = { start: ms("2026-01-01T00:00:00Z"), end: ms("2026-01-31T23:59:59.999Z") };
    const page = await (await t.call(
      "GET",
      `/api/profits?start=${range.start}&end=${range.end}`,
      { token: admin.token },
    )).json();
    const column = (lines: string[], header: string) => {
      const i = lines[0].split(",").indexOf(header);
      assert.ok(i >= 0, header);
      return lines.slice(1).reduce((sum, line) => sum.plus(line.split(",")[i]), dec(0)).toFixed();
    };
    const csv = await csvLines(
      await t.call(
        "POST",
        `/api/users/calculator-profit-csv?start=${range.start}&end=${range.end}`,
        { token: admin.token },
      ),
    );
    const summary = await csvLines(
      await t.call("POST", "/api/transaction/report-transactions", {
        token: admin.token,
        body: { ...range, userRegex: "", pair: "" },
      }),
    );
    assert.equal(page.total.profit, "33.1");
    for (const lines of [csv, summary]) {
      assert.equal(column(lines, "Profit"), page.total.profit);
      assert.equal(column(lines, "Missed Calls"), String(page.missedCalls.count));
      assert.equal(column(lines, "Missed Calls Would Have Made"), page.missedCalls.profit);
    }
    assert.equal(column(csv, "Trades"), String(page.total.trades));
    assert.equal(column(csv, "Not Counted Trades"), String(page.notCounted.trades));
    assert.equal(column(summary, "DONE Not Counted"), String(page.notCounted.trades));
    assert.equal(column(summary, "Closed By Hand"), String(page.notCounted.handClosed));
    // Each shift report's realized profit is its user's day on /profit: 10.6 and -10.
    const shifts = await csvLines(
      await t.call("POST", "/api/shift-report/daily-report", { token: admin.token, body: range }),
    );
    const dayOf = (day: string, username: string) =>
      page.items.filter((r: ProfitRow) => r.day === day && r.username === username)
        .reduce((sum: Decimal, r: ProfitRow) => sum.plus(r.profit), dec(0));
    const expected = [dayOf("2026-01-02", "alice"), dayOf("2026-01-05", "-bob")];
    assert.deepEqual(expected.map((d) => d.toFixed()), ["10.6", "-10"]);
    const realizedAt = shifts[0].split(",").indexOf("Realized Profit");
    assert.deepEqual(
      shifts.slice(1).map((line) => line.split(",")[realizedAt]),
      [...expected.map((d) => d.toFixed()), expected[0].plus(expected[1]).toFixed()],
    );
  } finally {
    await t.close();
  }
});
