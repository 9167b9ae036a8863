// GET /profits/series (issue 29): /profit's rows grouped by day, user, pair or exchange for its
// charts. The points always sum to /profit's total and to the CSV's Profit column: checked on
// examples and, with fast-check, on random days of round trips, missed calls and hand-closed rows.
import assert from "node:assert/strict";
import fc from "fast-check";
import { Decimal } from "decimal.js";
import {
  PROFIT_GROUPS,
  type ProfitSeries,
  profitSeriesSchema,
} from "../../server/calls/board.shared.ts";
import { transactions } from "../../server/db/schema.ts";
import { csvLines, insertTransactions, insertUser, roundTrip } from "../support/report-fixtures.ts";
import { makeTestApp, type TestApp } from "../support/test-app.ts";
import { expectStatus } from "./transactions-fixtures.ts";

const DAY = 86_400_000;
const START = Date.UTC(2026, 0, 1);
const at = (day: number, hour: number) => new Date(START + day * DAY + hour * 3_600_000);

async function series(t: TestApp, token: string, query: string): Promise<ProfitSeries> {
  return profitSeriesSchema.parse(
    await expectStatus(t, 200, "GET", `/api/profits/series?${query}`, { token }),
  );
}

const total = (values: string[]) => values.reduce((a, v) => a.plus(v), new Decimal(0));

/** The CSV's Profit column, summed. */
async function csvProfit(t: TestApp, token: string, range: string) {
  const res = await t.call("POST", `/api/users/calculator-profit-csv?${range}`, { token });
  const [header, ...rows] = await csvLines(res);
  const column = header.split(",").indexOf("Profit");
  return total(rows.map((r) => r.split(",")[column]));
}

Deno.test("profits series: grouped by day, user, pair and exchange; totals; Admins only", async () => {
  const t = await makeTestApp();
  try {
    const admin = await t.user("Admin");
    const lead = await t.user("Lead");
    const user = await t.user("User");
    const alice = await insertUser(t.deps.db, "alice");
    const bob = await insertUser(t.deps.db, "bob");
    await insertTransactions(t.deps.db, [
      // 10 - 0.2 fees: 9.8; a win.
      { userId: alice.id, createdAt: at(0, 1), ...roundTrip("1", "100", "110", "0.1") },
      // A loss of 5 on gate, the next day.
      { userId: bob.id, createdAt: at(1, 2), exchange: "gate", ...roundTrip("1", "100", "95") },
      { userId: alice.id, createdAt: at(1, 3), pair: "eth_usdt", ...roundTrip("2", "10", "12") },
      // Not counted: closed by hand, a missed call, an open row.
      { userId: bob.id, createdAt: at(1, 4), priceSource: "hand_closed", realizedPnl: "50" },
      { userId: bob.id, createdAt: at(1, 5), kind: "missed_call", sellPrice: "200" },
      { userId: alice.id, createdAt: at(1, 6), status: "BUY" },
    ]);
    const range = `start=${START}&end=${START + 3 * DAY}`;
    const byDay = await series(t, admin.token, `groupBy=day&${range}`);
    assert.deepEqual(byDay.points, [
      {
        key: "2026-01-01",
        label: "2026-01-01",
        realizedPnl: "9.8",
        trades: 1,
        wins: 1,
        fees: "0.2",
      },
      { key: "2026-01-02", label: "2026-01-02", realizedPnl: "-1", trades: 2, wins: 1, fees: "0" },
    ]);
    assert.deepEqual(byDay.totals, {
      realizedPnl: "8.8",
      trades: 3,
      winRate: 2 / 3,
      avgPerTrade: "2.93333333",
      fees: "0.2",
      best: "9.8",
      worst: "-5",
    });
    const byUser = await series(t, admin.token, `groupBy=user&${range}`);
    assert.deepEqual(
      byUser.points.map((p) => [p.key, p.label, p.realizedPnl]),
      [[String(alice.id), "alice", "13.8"], [String(bob.id), "bob", "-5"]],
    );
    const byPair = await series(t, admin.token, `groupBy=pair&${range}`);
    assert.deepEqual(byPair.points.map((p) => [p.key, p.realizedPnl]), [
      ["btc_usdt", "4.8"],
      ["eth_usdt", "4"],
    ]);
    const byExchange = await series(t, admin.token, `groupBy=exchange&${range}&pair=btc_usdt`);
    assert.deepEqual(byExchange.points.map((p) => [p.key, p.realizedPnl]), [
      ["binance", "9.8"],
      ["gate", "-5"],
    ]);

    const empty = await series(t, admin.token, "groupBy=day&start=0&end=1");
    assert.deepEqual(empty.points, []);
    assert.equal(empty.totals.winRate, null);
    assert.equal(empty.totals.best, null);

    for (const who of [lead, user]) {
      await expectStatus(t, 403, "GET", "/api/profits/series?groupBy=day", { token: who.token });
    }
    await expectStatus(t, 400, "GET", "/api/profits/series?groupBy=week", { token: admin.token });
    await expectStatus(t, 400, "GET", "/api/profits/series?start=9&end=1", { token: admin.token });
  } finally {
    await t.close();
  }
});

const money = (max: number) =>
  fc.integer({ min: 1, max: max * 100 }).map((c) => new Decimal(c).div(100).toFixed());

/** A day's row: a round trip (maybe with fees), a missed call, a hand-closed or an open row. */
const rowArb = fc.record({
  day: fc.integer({ min: 0, max: 6 }),
  hour: fc.integer({ min: 0, max: 23 }),
  user: fc.integer({ min: 0, max: 2 }),
  pair: fc.constantFrom("btc_usdt", "eth_usdt"),
  exchange: fc.constantFrom("binance" as const, "gate" as const),
  kind: fc.constantFrom("trade", "trade", "trade", "missed", "handClosed", "open"),
  quantity: fc.integer({ min: 1, max: 5000 }).map((q) => new Decimal(q).div(1000).toFixed()),
  bought: money(1000),
  sold: money(1000),
  fee: fc.constantFrom("0", "0.01", "0.12345678"),
});

Deno.test("profits series: for random days of trades, missed calls and hand-closed rows, every grouping sums to /profit's total and the CSV", async () => {
  const t = await makeTestApp();
  try {
    const admin = await t.user("Admin");
    const people = [
      await insertUser(t.deps.db, "p_one"),
      await insertUser(t.deps.db, "p_two"),
      await insertUser(t.deps.db, "p_three"),
    ];
    const ranges = [
      `start=${START}&end=${START + 7 * DAY - 1}`,
      `start=${START + DAY / 2}&end=${START + 5 * DAY + DAY / 3}`,
    ];
    await fc.assert(
      fc.asyncProperty(fc.array(rowArb, { maxLength: 25 }), async (rows) => {
        await t.deps.db.delete(transactions);
        if (rows.length) {
          await insertTransactions(
            t.deps.db,
            rows.map((r) => {
              const base = {
                userId: people[r.user].id,
                createdAt: at(r.day, r.hour),
                pair: r.pair,
                exchange: r.exchange,
              };
              const trip = roundTrip(r.quantity, r.bought, r.sold, r.fee);
              if (r.kind === "missed") return { ...base, kind: "missed_call" as const };
              if (r.kind === "open") return { ...base, status: "BUY" as const };
              if (r.kind === "handClosed") {
                return { ...base, ...trip, priceSource: "hand_closed" as const };
              }
              return { ...base, ...trip };
            }),
          );
        }
        // Whole days (read from profit_days), and a range cutting its first and last day.
        for (const range of ranges) {
          const profit = await expectStatus(t, 200, "GET", `/api/profits?${range}&limit=1`, {
            token: admin.token,
          });
          const csv = await csvProfit(t, admin.token, range);
          assert.equal(csv.toFixed(), new Decimal(profit.total.profit).toFixed());
          for (const groupBy of PROFIT_GROUPS) {
            const s = await series(t, admin.token, `groupBy=${groupBy}&${range}`);
            const points = total(s.points.map((p) => p.realizedPnl));
            assert.equal(points.toFixed(), new Decimal(profit.total.profit).toFixed(), groupBy);
            assert.equal(s.totals.realizedPnl, profit.total.profit, groupBy);
            assert.equal(s.points.reduce((n, p) => n + p.trades, 0), profit.total.trades);
            assert.equal(s.totals.trades, profit.total.trades);
          }
        }
      }),
      { numRuns: 25 },
    );
  } finally {
    await t.close();
  }
});
