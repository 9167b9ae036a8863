import assert from "node:assert/strict";
import { sql } from "drizzle-orm";
import {
  csvLines,
  insertShiftReport,
  insertTransactions,
  insertUser,
  roundTrip,
} from "../support/report-fixtures.ts";
import { makeTestApp } from "../support/test-app.ts";

const at = (iso: string) => new Date(iso);
const range = {
  start: Date.parse("2026-01-02T00:00:00Z"),
  end: Date.parse("2026-01-03T23:59:59.999Z"),
};

const TRANSACTION_HEADER =
  "Id,Date (UTC),Username,Pair,Exchange,Status,Bot Mode,Market Price,Buy Price,Sell Price,Amount,Quantity," +
  "Kind,Filled Quantity,Average Fill,Fee,Fee Asset,Close Quantity,Close Fill,Close Fee,Close Fee Asset," +
  "Realized Result,Order Id,Hash";

Deno.test("transaction report: header, rows in the range oldest first, defused text, file name", async () => {
  const t = await makeTestApp();
  try {
    const lead = await t.user("Lead");
    const alice = await insertUser(t.deps.db, "alice");
    const evil = await insertUser(t.deps.db, "=cmd|calc");
    const [early, a, b] = await insertTransactions(t.deps.db, [
      { userId: alice.id, createdAt: at("2026-01-01T23:59:59.999Z") },
      {
        userId: alice.id,
        createdAt: at("2026-01-02T10:00:00Z"),
        orderId: "ord-1",
        ...roundTrip("1", "100", "110", "0.1"),
      },
      {
        userId: evil.id,
        createdAt: at("2026-01-03T08:30:05Z"),
        status: "BUY",
        pair: "eth_usdt",
        buyPrice: "2500.5",
        sellPrice: "2600.12345678",
        amount: "250.05",
        quantity: "0.1",
        useBot: "buy_sell",
        hash: '+1,"x"',
      },
      { userId: alice.id, createdAt: at("2026-01-04T00:00:00Z") },
    ]);
    assert.ok(early);
    const res = await t.call("POST", "/api/transaction/report", { token: lead.token, body: range });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("content-type"), "text/csv; charset=utf-8");
    assert.equal(
      res.headers.get("content-disposition"),
      `attachment; filename="Report-${t.clock.now().getTime()}.csv"`,
    );
    assert.deepEqual(await csvLines(res), [
      TRANSACTION_HEADER,
      // Its fills and result: 110 - 100 - 0.1 - 0.1.
      `${a.id},2026-01-02 10:00:00,alice,BTC/USDT,binance,DONE,buy_sell,100,100,110,100,1,trade,` +
      `1,100,0.1,USDT,1,110,0.1,USDT,9.8,ord-1,`,
      `${b.id},2026-01-03 08:30:05,'=cmd|calc,ETH/USDT,binance,BUY,buy_sell,100,2500.5,2600.12345678,250.05,0.1,` +
      `trade,,,,,,,,,,,"'+1,""x"""`,
    ]);
  } finally {
    await t.close();
  }
});

Deno.test("transaction report: a report larger than one page streams every row once, in order", async () => {
  const t = await makeTestApp({ REPORT_PAGE_SIZE: 3 });
  try {
    const admin = await t.user("Admin");
    const alice = await insertUser(t.deps.db, "alice");
    // Ten rows, four of them sharing one timestamp, with microseconds a JS Date cannot hold.
    const rows = await insertTransactions(
      t.deps.db,
      Array.from({ length: 10 }, (_, i) => ({
        userId: alice.id,
        createdAt: at(`2026-01-02T10:00:0${i < 4 ? 0 : i}Z`),
      })),
    );
    await t.deps.db.execute(
      sql`update transactions set created_at = created_at + interval '123 microseconds'`,
    );
    const res = await t.call("POST", "/api/transaction/report", {
      token: admin.token,
      body: range,
    });
    assert.equal(res.status, 200);
    const lines = await csvLines(res);
    assert.equal(lines[0], TRANSACTION_HEADER);
    assert.deepEqual(lines.slice(1).map((l) => Number(l.split(",")[0])), rows.map((r) => r.id));
  } finally {
    await t.close();
  }
});

Deno.test("reports: bad ranges are 400; roles are checked per report", async () => {
  const t = await makeTestApp();
  try {
    const user = await t.user("User");
    const lead = await t.user("Lead");
    const admin = await t.user("Admin");
    for (
      const body of [{ start: 1 }, { start: 5, end: 1 }, { start: "x", end: 2 }, {
        start: -1,
        end: 2,
      }]
    ) {
      const res = await t.call("POST", "/api/transaction/report", { token: lead.token, body });
      assert.equal(res.status, 400, JSON.stringify(body));
    }
    const summary = { ...range, userRegex: "", pair: "" };
    const cases: [string, string, unknown, Record<string, number>][] = [
      ["POST", "/api/transaction/report", range, { User: 403, Lead: 200, Admin: 200 }],
      ["POST", "/api/transaction/report-transactions", summary, {
        User: 403,
        Lead: 200,
        Admin: 200,
      }],
      ["POST", "/api/shift-report/daily-report", range, { User: 403, Lead: 403, Admin: 200 }],
      [
        "POST",
        `/api/users/calculator-profit-csv?start=${range.start}&end=${range.end}`,
        undefined,
        {
          User: 403,
          Lead: 403,
          Admin: 200,
        },
      ],
    ];
    const tokens: Record<string, string> = {
      User: user.token,
      Lead: lead.token,
      Admin: admin.token,
    };
    for (const [method, path, body, expected] of cases) {
      for (const [role, status] of Object.entries(expected)) {
        const res = await t.call(method, path, { token: tokens[role], body });
        assert.equal(res.status, status, `${role} ${path}`);
        await res.body?.cancel();
      }
      assert.equal((await t.call(method, path, { body })).status, 401);
    }
  } finally {
    await t.close();
  }
});

Deno.test("user summary report: one row per user and pair with counts, volumes and profit", async () => {
  const t = await makeTestApp({ REPORT_PAGE_SIZE: 2 });
  try {
    const lead = await t.user("Lead");
    const alice = await insertUser(t.deps.db, "alice");
    const albert = await insertUser(t.deps.db, "albert");
    const bob = await insertUser(t.deps.db, "bob");
    const day = at("2026-01-02T10:00:00Z");
    await insertTransactions(t.deps.db, [
      { userId: alice.id, createdAt: day, ...roundTrip("1", "100", "110") },
      {
        userId: alice.id,
        createdAt: day,
        buyPrice: "100",
        sellPrice: "90",
        quantity: "2",
        ...roundTrip("2", "100", "90"),
      },
      { userId: alice.id, createdAt: day, status: "BUY", amount: "50", quantity: "0.5" },
      // Closed by hand at its target: listed, its profit not counted.
      { userId: alice.id, createdAt: day, sellPrice: "1000", priceSource: "hand_closed" },
      { userId: alice.id, createdAt: day, pair: "eth_usdt", status: "SELL" },
      {
        userId: albert.id,
        createdAt: day,
        sellPrice: "100.5",
        quantity: "0.25",
        ...roundTrip("0.25", "100", "100.5"),
      },
      { userId: bob.id, createdAt: day, ...roundTrip("1", "100", "110") },
      // A call bob missed: never a trade, would have made 5.
      { userId: bob.id, createdAt: day, sellPrice: "105", kind: "missed_call" },
      { userId: alice.id, createdAt: at("2026-02-01T00:00:00Z") },
    ]);
    const header = "Username,Pair,Transactions,BUY,SELL,DONE,Amount,Quantity,Profit," +
      "DONE Not Counted,Closed By Hand,Missed Calls,Missed Calls Would Have Made";
    const all = await t.call("POST", "/api/transaction/report-transactions", {
      token: lead.token,
      body: { ...range, userRegex: "", pair: "" },
    });
    assert.equal(all.status, 200);
    // Users are paged two at a time here; every user still appears, ordered by name.
    assert.deepEqual(await csvLines(all), [
      header,
      "albert,BTC/USDT,1,0,0,1,100,0.25,0.125,0,0,0,0",
      "alice,BTC/USDT,4,1,0,3,350,4.5,-10,1,1,0,0",
      "alice,ETH/USDT,1,0,1,0,100,1,0,0,0,0,0",
      "bob,BTC/USDT,2,0,0,2,200,2,10,0,0,1,5",
    ]);

    const filtered = await t.call("POST", "/api/transaction/report-transactions", {
      token: lead.token,
      body: { ...range, userRegex: "^ali", pair: "btc_usdt" },
    });
    assert.deepEqual(await csvLines(filtered), [
      header,
      "alice,BTC/USDT,4,1,0,3,350,4.5,-10,1,1,0,0",
    ]);
  } finally {
    await t.close();
  }
});

Deno.test("user summary report: a long, invalid or runaway user regex is a 400", async () => {
  const t = await makeTestApp({ REPORT_REGEX_TIMEOUT_MS: 300 });
  try {
    const lead = await t.user("Lead");
    const long = await insertUser(t.deps.db, "a".repeat(3001));
    await insertTransactions(t.deps.db, [{
      userId: long.id,
      createdAt: at("2026-01-02T10:00:00Z"),
    }]);
    const post = (userRegex: string) =>
      t.call("POST", "/api/transaction/report-transactions", {
        token: lead.token,
        body: { ...range, userRegex, pair: "" },
      });

    const tooLong = await post("a".repeat(101));
    assert.equal(tooLong.status, 400);
    assert.equal((await tooLong.json()).field, "userRegex");

    const invalid = await post("((");
    assert.equal(invalid.status, 400);
    assert.match((await invalid.json()).message, /^userRegex: invalid regular expression/);

    // Nested quantifiers are no trouble for PostgreSQL's DFA: answered, and quickly.
    let started = performance.now();
    const nested = await post("(a+)+$");
    assert.equal(nested.status, 200);
    assert.equal((await csvLines(nested)).length, 2);
    assert.ok(performance.now() - started < 2_000);

    // Back-references backtrack: seconds of work on PostgreSQL, cut off by the time limit;
    // PGlite cannot time a statement out, so it refuses them before running anything.
    started = performance.now();
    const runaway = await post("^(.*)(.*)\\2\\1$");
    assert.equal(runaway.status, 400);
    assert.match(
      (await runaway.json()).message,
      t.deps.database.kind === "postgres"
        ? /^userRegex: the pattern took longer than 300 ms/
        : /^userRegex: back-references/,
    );
    assert.ok(performance.now() - started < 3_000, "answered within the time limit");
  } finally {
    await t.close();
  }
});

Deno.test("end-of-shift report: shift reports in the range with a TOTAL row; text defused", async () => {
  const t = await makeTestApp({ REPORT_PAGE_SIZE: 2 });
  try {
    const admin = await t.user("SuperAdmin");
    const alice = await insertUser(t.deps.db, "alice");
    const bob = await insertUser(t.deps.db, "bob");
    // alice's realized profit on her report's day: the round trips of that UTC day, from fills.
    await insertTransactions(t.deps.db, [
      { userId: alice.id, createdAt: at("2026-01-02T00:00:00Z"), ...roundTrip("1", "100", "110") },
      {
        userId: alice.id,
        createdAt: at("2026-01-02T23:59:59Z"),
        ...roundTrip("0.5", "100", "99", "0.01"),
      },
      { userId: alice.id, createdAt: at("2026-01-02T12:00:00Z"), priceSource: "hand_closed" },
      { userId: alice.id, createdAt: at("2026-01-03T00:00:00Z"), ...roundTrip("1", "100", "120") },
      { userId: bob.id, createdAt: at("2026-01-02T12:00:00Z"), ...roundTrip("1", "100", "90") },
    ]);
    await insertShiftReport(t.deps.db, {
      userId: alice.id,
      createdAt: at("2026-01-02T08:00:00Z"),
      account: "ACC-1",
      usdtIn: "100.5",
      btcOut: "0.001",
    });
    await insertShiftReport(t.deps.db, {
      userId: bob.id,
      createdAt: at("2026-01-03T20:00:00Z"),
      account: "@SUM(A1:A9)",
      usdtIn: "1",
      gtIn: "7",
    });
    await insertShiftReport(t.deps.db, {
      userId: bob.id,
      createdAt: at("2026-01-04T20:00:00Z"),
      usdtIn: "999",
    });
    const res = await t.call("POST", "/api/shift-report/daily-report", {
      token: admin.token,
      body: range,
    });
    assert.equal(res.status, 200);
    assert.match(res.headers.get("content-disposition")!, /filename="Report-\d+\.csv"/);
    assert.deepEqual(await csvLines(res), [
      "Date (UTC),Report Day,Username,Account,USDT In,USDT Out,BTC In,BTC Out,ETH In,ETH Out,GT In,GT Out," +
      "Realized Profit,Calls Sent,Calls Followed %,Calls Result",
      // 10 + (49.5 - 50 - 0.02)
      "2026-01-02 08:00:00,2026-01-02,alice,ACC-1,100.5,0,0,0.001,0,0,0,0,9.48,0,,0",
      "2026-01-03 20:00:00,2026-01-03,bob,'@SUM(A1:A9),1,0,0,0,0,0,7,0,0,0,,0",
      "TOTAL,,,,101.5,0,0,0.001,0,0,7,0,9.48,0,,0",
    ]);
  } finally {
    await t.close();
  }
});
