import assert from "node:assert/strict";
import { csvLines, insertTransactions, insertUser } from "../support/report-fixtures.ts";
import { makeTestApp, type TestApp } from "../support/test-app.ts";

const at = (iso: string) => new Date(iso);
const ms = (iso: string) => Date.parse(iso);

/** alice and bob over three days; only DONE rows the server priced count. */
async function seed(t: TestApp) {
  const alice = await insertUser(t.deps.db, "alice");
  const bob = await insertUser(t.deps.db, "-bob");
  await insertTransactions(t.deps.db, [
    { userId: alice.id, createdAt: at("2026-01-02T01:00:00Z") },
    { userId: alice.id, createdAt: at("2026-01-02T23:00:00Z"), sellPrice: "100.5", quantity: "2" },
    { userId: alice.id, createdAt: at("2026-01-02T23:30:00Z"), status: "BUY" },
    { userId: bob.id, createdAt: at("2026-01-02T12:00:00Z"), buyPrice: "105", quantity: "0.5" },
    { userId: alice.id, createdAt: at("2026-01-03T09:00:00Z"), pair: "eth_usdt", quantity: "3" },
    { userId: bob.id, createdAt: at("2026-01-05T09:00:00Z"), sellPrice: "90" },
    // Not counted, shown apart: a typed price and an Admin's edit.
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
  ]);
}

Deno.test("profits: realized profit per day, user and pair, newest day first, paged", async () => {
  const t = await makeTestApp();
  try {
    const admin = await t.user("Admin");
    await seed(t);
    const res = await t.call("GET", "/api/profits?limit=3", { token: admin.token });
    assert.equal(res.status, 200);
    const body = await res.json();
    assert.equal(body.totalItems, 4);
    assert.deepEqual(body.total, { trades: 5, profit: "33.5" });
    assert.deepEqual(body.notCounted, {
      trades: 2,
      profit: "100299",
      typed: 1,
      handClosed: 0,
      edited: 1,
    });
    assert.deepEqual(
      body.items.map((
        r: Record<string, unknown>,
      ) => [r.day, r.username, r.pair, r.trades, r.profit]),
      [
        ["2026-01-05", "-bob", "btc_usdt", 1, "-10"],
        ["2026-01-03", "alice", "eth_usdt", 1, "30"],
        ["2026-01-02", "-bob", "btc_usdt", 1, "2.5"],
      ],
    );
    const second = await (await t.call("GET", "/api/profits?limit=3&page=2", {
      token: admin.token,
    })).json();
    assert.deepEqual(second.items, [{
      day: "2026-01-02",
      userId: second.items[0].userId,
      username: "alice",
      pair: "btc_usdt",
      trades: 2,
      quantity: "3",
      buyAmount: "300",
      sellAmount: "311",
      profit: "11",
      notCountedTrades: 1,
      notCountedProfit: "99899",
    }]);

    const ranged = await (await t.call(
      "GET",
      `/api/profits?start=${ms("2026-01-03T00:00:00Z")}&end=${
        ms("2026-01-05T23:59:59.999Z")
      }&pair=btc_usdt`,
      { token: admin.token },
    )).json();
    assert.equal(ranged.totalItems, 1);
    assert.equal(ranged.items[0].profit, "-10");
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
      "Not Counted Trades,Not Counted Profit",
      "2026-01-02,'-bob,BTC/USDT,1,0.5,52.5,55,2.5,0,0",
      "2026-01-02,alice,BTC/USDT,2,3,300,311,11,1,99899",
      "2026-01-03,alice,ETH/USDT,1,3,300,330,30,0,0",
      "2026-01-05,'-bob,BTC/USDT,1,1,100,90,-10,1,400",
    ]);

    const none = await t.call("POST", "/api/users/calculator-profit-csv?start=0&end=1", {
      token: admin.token,
    });
    assert.deepEqual(await csvLines(none), [
      "Date (UTC),Username,Pair,Trades,Quantity,Buy Amount,Sell Amount,Profit," +
      "Not Counted Trades,Not Counted Profit",
    ]);
    const bad = await t.call("POST", "/api/users/calculator-profit-csv?start=9&end=1", {
      token: admin.token,
    });
    assert.equal(bad.status, 400);
  } finally {
    await t.close();
  }
});
