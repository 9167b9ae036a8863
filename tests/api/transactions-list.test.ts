import assert from "node:assert/strict";
import { sql } from "drizzle-orm";
import { transactions } from "../../server/db/schema.ts";
import { COUNT_CAP } from "../../server/transactions/list-reads.ts";
import type { TransactionView } from "../../server/transactions/view.ts";
import { makeTestApp, type TestApp } from "../support/test-app.ts";
import { expectStatus } from "./transactions-fixtures.ts";

type Status = "BUY" | "SELL" | "DONE";

/** Writes rows straight to the table: `n` transactions one second apart. */
async function seed(
  t: TestApp,
  userId: number,
  n: number,
  row: { status: Status; pair?: string; sellPrice?: (i: number) => string },
) {
  const start = t.clock.now().getTime();
  await t.deps.db.insert(transactions).values(Array.from({ length: n }, (_, i) => ({
    userId,
    status: row.status,
    pair: row.pair ?? "btc_usdt",
    exchange: "binance" as const,
    adapter: "paper",
    marketPrice: "100",
    buyPrice: "100",
    sellPrice: row.sellPrice?.(i) ?? "101",
    amount: "10",
    quantity: "0.1",
    createdAt: new Date(start + i * 1000),
  })));
  t.clock.advance(n * 1000);
}

const ids = (items: TransactionView[]) => items.map((i) => i.id);

Deno.test("list: grouped BUY, SELL and ALL, newest first, 10 a page, with totals", async () => {
  const t = await makeTestApp();
  try {
    const u = await t.user("User");
    await seed(t, u.id, 25, { status: "BUY" });
    await seed(t, u.id, 3, { status: "SELL" });
    await seed(t, u.id, 4, { status: "DONE" });
    const page1 = await expectStatus(t, 200, "GET", "/api/transaction", { token: u.token });
    assert.deepEqual(Object.keys(page1), ["BUY", "SELL", "ALL"]);
    assert.equal(page1.BUY.totalItems, 25);
    assert.equal(page1.SELL.totalItems, 3);
    assert.equal(page1.ALL.totalItems, 32);
    assert.equal(page1.BUY.items.length, 10);
    assert.equal(page1.SELL.items.length, 3);
    assert.ok(page1.ALL.items.every((i: TransactionView) => i.username === u.username));
    // Newest first: the four DONE rows were written last.
    assert.deepEqual(
      page1.ALL.items.slice(0, 4).map((i: TransactionView) => i.status),
      ["DONE", "DONE", "DONE", "DONE"],
    );
    const item = page1.BUY.items[0];
    for (const key of ["id", "status", "username", "pair", "buyPrice", "sellPrice", "amount"]) {
      assert.ok(key in item, key);
    }
    assert.ok("quantity" in item && "createdAt" in item);

    const page3 = await expectStatus(t, 200, "GET", "/api/transaction?page=3&limit=10", {
      token: u.token,
    });
    assert.equal(page3.BUY.items.length, 5);
    assert.equal(page3.SELL.items.length, 0);
    assert.equal(page3.BUY.totalItems, 25);
    const all = [
      ...page1.BUY.items,
      ...(await expectStatus(t, 200, "GET", "/api/transaction?page=2", { token: u.token })).BUY
        .items,
      ...page3.BUY.items,
    ];
    assert.equal(new Set(ids(all)).size, 25);
    const sorted = [...all].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
    assert.deepEqual(ids(all), ids(sorted));
    await expectStatus(t, 400, "GET", "/api/transaction?page=0", { token: u.token });
    await expectStatus(t, 400, "GET", "/api/transaction?limit=1000", { token: u.token });
  } finally {
    await t.close();
  }
});

Deno.test("list: filters by pair, status, sell price range and username", async () => {
  const t = await makeTestApp();
  try {
    const admin = await t.user("Admin");
    const alice = await t.user("User", "alice_trader");
    const bob = await t.user("User", "bob_trader");
    await seed(t, alice.id, 5, { status: "BUY", sellPrice: (i) => `${100 + i}` });
    await seed(t, alice.id, 2, { status: "DONE", pair: "eth_usdt" });
    await seed(t, bob.id, 3, { status: "SELL", pair: "eth_usdt" });
    const get = (q: string) =>
      expectStatus(t, 200, "GET", `/api/transaction?viewAll=true&${q}`, { token: admin.token });

    const eth = await get("pair=eth_usdt");
    assert.equal(eth.ALL.totalItems, 5);
    assert.equal(eth.BUY.totalItems, 0);
    assert.equal(eth.SELL.totalItems, 3);

    const done = await get("status=DONE");
    assert.equal(done.ALL.totalItems, 2);
    assert.ok(done.ALL.items.every((i: TransactionView) => i.status === "DONE"));
    assert.equal(done.BUY.totalItems, 5, "BUY and SELL groups keep their own status");

    const range = await get("sellPriceStart=101&sellPriceEnd=103");
    assert.deepEqual(
      range.BUY.items.map((i: TransactionView) => i.sellPrice).sort(),
      ["101.00000000", "102.00000000", "103.00000000"],
    );

    const bobs = await get("username=BOB");
    assert.equal(bobs.ALL.totalItems, 3);
    assert.ok(bobs.ALL.items.every((i: TransactionView) => i.username === "bob_trader"));
    const traders = await get("username=_trader");
    assert.equal(traders.ALL.totalItems, 10);
    const nobody = await get("username=carol");
    assert.equal(nobody.ALL.totalItems, 0);
    // Blank filters are no filters (the client sends empty inputs as "").
    const blank = await get("pair=&status=&username=&sellPriceStart=");
    assert.equal(blank.ALL.totalItems, 10);
  } finally {
    await t.close();
  }
});

Deno.test("list: Users and Leads see their own; Admin and above see all only with viewAll", async () => {
  const t = await makeTestApp();
  try {
    const user = await t.user("User");
    const lead = await t.user("Lead");
    const admin = await t.user("Admin");
    const superAdmin = await t.user("SuperAdmin");
    await seed(t, user.id, 2, { status: "BUY" });
    await seed(t, lead.id, 3, { status: "BUY" });
    await seed(t, admin.id, 1, { status: "SELL" });
    const total = async (token: string, q = "") =>
      (await expectStatus(t, 200, "GET", `/api/transaction${q}`, { token })).ALL.totalItems;
    assert.equal(await total(user.token, "?viewAll=true"), 2);
    assert.equal(await total(lead.token, "?viewAll=true"), 3);
    assert.equal(await total(admin.token), 1);
    assert.equal(await total(admin.token, "?viewAll=true"), 6);
    assert.equal(await total(superAdmin.token, "?viewAll=1"), 6);
    assert.equal(await total(superAdmin.token, "?viewAll=false"), 0);
    // Someone else's name on a user's own view matches nothing.
    assert.equal(await total(user.token, `?username=${lead.username}`), 0);
    assert.equal((await t.call("GET", "/api/transaction")).status, 401);
  } finally {
    await t.close();
  }
});

Deno.test("avg: totals and quantity-weighted average prices over the filtered rows", async () => {
  const t = await makeTestApp();
  try {
    const u = await t.user("User");
    const base = {
      userId: u.id,
      pair: "btc_usdt",
      exchange: "binance" as const,
      adapter: "paper",
      marketPrice: "100",
      createdAt: t.clock.now(),
    };
    await t.deps.db.insert(transactions).values([
      { ...base, status: "BUY", buyPrice: "100", sellPrice: "110", amount: "100", quantity: "1" },
      { ...base, status: "BUY", buyPrice: "130", sellPrice: "140", amount: "390", quantity: "3" },
      { ...base, status: "DONE", buyPrice: "1", sellPrice: "1", amount: "1", quantity: "1" },
    ]);
    const avg = await expectStatus(t, 200, "GET", "/api/transaction/avg?status=BUY", {
      token: u.token,
    });
    assert.deepEqual(avg, {
      count: 2,
      totalAmount: "490.00000000",
      totalQuantity: "4.00000000",
      avgBuyPrice: "122.50000000",
      avgSellPrice: "132.50000000",
      avgMarketPrice: "100.00000000",
    });
    const none = await expectStatus(t, 200, "GET", "/api/transaction/avg?pair=eth_usdt", {
      token: u.token,
    });
    assert.equal(none.count, 0);
    assert.equal(none.avgBuyPrice, "0.00000000");
  } finally {
    await t.close();
  }
});

Deno.test("list: totals beyond COUNT_CAP are reported as the cap with totalCapped", async () => {
  const t = await makeTestApp();
  try {
    const u = await t.user("User");
    await t.deps.db.execute(sql`insert into transactions (user_id, status, pair, exchange, adapter,
        market_price, buy_price, sell_price, amount, quantity, created_at)
      select ${u.id}, (case when g % 2 = 0 then 'BUY' else 'DONE' end)::transaction_status,
        'btc_usdt', 'binance', 'paper', 1, 1, 1, 1, 1, now() - g * interval '1 second'
      from generate_series(1, ${COUNT_CAP + 2}) g`);
    const list = await expectStatus(t, 200, "GET", "/api/transaction", { token: u.token });
    assert.deepEqual(
      [list.ALL.totalItems, list.ALL.totalCapped, list.BUY.totalItems, list.BUY.totalCapped],
      [COUNT_CAP, true, COUNT_CAP / 2 + 1, false],
    );
    assert.equal(list.SELL.totalCapped, false);
    assert.equal(list.ALL.items.length, 10);
  } finally {
    await t.close();
  }
});

/** Every page of the three groups is the plain newest-first sort of the rows it covers. */
async function assertPages(
  t: TestApp,
  token: string,
  query: string,
  covered: (row: typeof transactions.$inferSelect) => boolean,
  pages: number[],
) {
  const rows = (await t.deps.db.select().from(transactions)).filter(covered)
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id);
  const expected = (status?: Status) =>
    rows.filter((r) => !status || r.status === status).map((r) => r.id);
  const status = /status=(\w+)/.exec(query)?.[1] as Status | undefined;
  for (const page of pages) {
    const got = await expectStatus(
      t,
      200,
      "GET",
      `/api/transaction?limit=3&page=${page}&${query}`,
      {
        token,
      },
    );
    const slice = (list: number[]) => list.slice((page - 1) * 3, page * 3);
    assert.deepEqual(ids(got.ALL.items), slice(expected(status)), `${query}: ALL page ${page}`);
    for (const group of ["BUY", "SELL"] as const) {
      assert.deepEqual(ids(got[group].items), slice(expected(group)), `${group} page ${page}`);
      assert.equal(got[group].totalItems, Math.min(expected(group).length, COUNT_CAP));
    }
    assert.equal(got.ALL.totalItems, Math.min(expected(status).length, COUNT_CAP));
  }
}

Deno.test("list: ALL is every status's newest rows merged, on every page", async () => {
  const t = await makeTestApp();
  try {
    const u = await t.user("User");
    const statuses: Status[] = ["BUY", "DONE", "SELL", "DONE", "BUY"];
    for (let round = 0; round < 10; round++) {
      await seed(t, u.id, 1 + round % 3, { status: statuses[round % 5] });
    }
    await assertPages(t, u.token, "", () => true, [1, 2, 3, 5, 8]);
    await assertPages(t, u.token, "status=DONE", () => true, [1, 2, 3]);
  } finally {
    await t.close();
  }
});

/**
 * An Admin's pages of a username filter matching two owners ("desk_a", "desk_b"), whose rows
 * `seedDesks` writes; the newest rows belong to someone else.
 */
async function assertDeskPages(
  t: TestApp,
  seedDesks: (ownerIds: number[]) => Promise<void>,
  pages: number[],
) {
  const admin = await t.user("Admin");
  const owners = [await t.user("User", "desk_a"), await t.user("User", "desk_b")];
  const other = await t.user("User", "elsewhere");
  await seedDesks(owners.map((o) => o.id));
  await seed(t, other.id, 30, { status: "BUY" });
  const desks = (r: { userId: number }) => r.userId !== other.id;
  await assertPages(t, admin.token, "viewAll=true&username=desk_", desks, pages);
}

Deno.test("list: a username matching several owners pages their merged rows newest first", async () => {
  const t = await makeTestApp();
  try {
    // Interleaved in time.
    await assertDeskPages(t, async (ids) => {
      for (let round = 0; round < 8; round++) {
        await seed(t, ids[round % 2], 2, { status: round % 3 ? "BUY" : "DONE" });
      }
    }, [1, 2, 4]);
  } finally {
    await t.close();
  }
});

/**
 * More BUYs than COUNT_CAP (and fewer SELL and DONE rows) for `owners` in turn, two rows to a
 * second so that ids break ties, and ids out of time order.
 */
async function seedCapped(t: TestApp, owners: number[]) {
  const ROWS = COUNT_CAP + 1_500;
  await t.deps.db.execute(sql`insert into transactions (user_id, status, pair, exchange, adapter,
      market_price, buy_price, sell_price, amount, quantity, created_at)
    select (${sql.param(owners)}::integer[])[1 + g % ${owners.length}],
      (case when g % 13 = 0 then 'DONE' when g % 17 = 0 then 'SELL' else 'BUY' end)
        ::transaction_status,
      'btc_usdt', 'binance', 'paper', 1, 1, 100 + g % 50, 1, 1,
      ${t.clock.now().toISOString()}::timestamptz - (g * 4099 % ${ROWS} / 2) * interval '1 second'
    from generate_series(1, ${ROWS}) g`);
}

Deno.test("list: a status beyond COUNT_CAP pages in list order, merged into ALL", async () => {
  const t = await makeTestApp();
  try {
    const u = await t.user("User");
    await seedCapped(t, [u.id]);
    await assertPages(t, u.token, "", () => true, [1, 2, 60]);
    // The range holds fewer than COUNT_CAP rows of each status: read from the range alone.
    const inRange = (r: { sellPrice: string }) => Number(r.sellPrice) <= 110;
    await assertPages(t, u.token, "sellPriceEnd=110", inRange, [1, 2, 60]);
  } finally {
    await t.close();
  }
});

Deno.test("list: several owners beyond COUNT_CAP page their merged rows in list order", async () => {
  const t = await makeTestApp();
  try {
    await assertDeskPages(t, (ids) => seedCapped(t, ids), [1, 2, 60]);
  } finally {
    await t.close();
  }
});

/** An Admin's query for btc_usdt up to a sell price (read from the pair's price index). */
const range = (end: number) => `viewAll=true&pair=btc_usdt&sellPriceEnd=${end}`;
const upTo = (end: number) => (r: { sellPrice: string }) => Number(r.sellPrice) <= end;

Deno.test("list: a status only in ALL is counted as far as ALL's total needs", async () => {
  const t = await makeTestApp();
  try {
    const u = await t.user("User");
    const admin = await t.user("Admin");
    await seedCapped(t, [u.id]);
    // Half SELL, two fifths DONE: SELL leaves DONE fewer rows to count than it has.
    await t.deps.db.execute(sql`update transactions set status = (case
      when id % 10 < 5 then 'SELL' when id % 10 < 9 then 'DONE' else 'BUY' end)::transaction_status`);
    // A pair's range is read in price order, so rows not all read are not the newest.
    await assertPages(t, admin.token, range(145), upTo(145), [1, 2, 60]);
    await assertPages(t, u.token, "", () => true, [1, 3]);
    // Fewer than COUNT_CAP in all: exact totals.
    await assertPages(t, admin.token, range(105), upTo(105), [1, 2]);
  } finally {
    await t.close();
  }
});

Deno.test("list: the newest rows outside a sell price range are stepped over", async () => {
  const t = await makeTestApp();
  try {
    const u = await t.user("User");
    const admin = await t.user("Admin");
    await seedCapped(t, [u.id]);
    // Newer than the rest: some at the range's lowest price (first in price order), and newer
    // still, more than a probe reads, outside the ranges below.
    await seed(t, u.id, 5, { status: "BUY", sellPrice: () => "100" });
    await seed(t, u.id, 300, { status: "BUY", sellPrice: () => "1000" });
    // BUY in the range: fewer than COUNT_CAP, then more.
    await assertPages(t, admin.token, range(110), upTo(110), [1, 2, 60]);
    await assertPages(t, admin.token, range(150), upTo(150), [1, 2, 60]);
  } finally {
    await t.close();
  }
});

Deno.test("list: one filter at several limits and pages in turn", async () => {
  const t = await makeTestApp();
  try {
    const u = await t.user("User");
    await seed(t, u.id, 12, { status: "BUY" });
    const buys = async (limit: number, page = 1) =>
      ids(
        (await expectStatus(t, 200, "GET", `/api/transaction?limit=${limit}&page=${page}`, {
          token: u.token,
        })).BUY.items,
      );
    const newest = await buys(12);
    assert.equal(newest.length, 12);
    assert.deepEqual(await buys(2), newest.slice(0, 2));
    assert.deepEqual(await buys(5), newest.slice(0, 5));
    assert.deepEqual(await buys(5, 2), newest.slice(5, 10));
    assert.deepEqual(await buys(4, 3), newest.slice(8, 12));
  } finally {
    await t.close();
  }
});
