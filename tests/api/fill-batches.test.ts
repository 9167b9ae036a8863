// Paper orders opened together share one statement (server/transactions/fill-batches.ts): each
// account still pays only what it has, a halt or limit still applies to its own user's orders,
// and one order's fault does not fail the others in its statement.
import assert from "node:assert/strict";
import { and, eq, inArray, sql } from "drizzle-orm";
import type postgres from "postgres";
import { dec } from "../../server/core/decimal.shared.ts";
import { FILL_LOCK_CLASS } from "../../server/exchanges/paper.ts";
import {
  paperBalances,
  paperOrders,
  tradingHalts,
  tradingLimits,
  transactions,
} from "../../server/db/schema.ts";
import { insertFilled } from "../../server/transactions/fill-batches.ts";
import { reserveTransactionId } from "../../server/transactions/record.ts";
import { TEST_DATABASE_URL } from "../support/database.ts";
import { until } from "../support/until.ts";
import { makeTestApp, type TestApp } from "../support/test-app.ts";
import { buyBody, giveKeys } from "./transactions-fixtures.ts";

Deno.test("fill batches: orders of many accounts at once share statements; each account pays what it has; halts and limits hold per user", async () => {
  // 250 USDT an account: two BUYs of 100 fill, the third is refused for its funds.
  const t = await makeTestApp({ PAPER_START_BALANCES: "USDT:250" });
  try {
    const traders = [];
    for (let i = 0; i < 8; i++) {
      const lead = await t.user("Lead");
      await giveKeys(t, lead.id, "binance");
      traders.push(lead);
    }
    const [halted, limited] = traders;
    const admin = await t.user("SuperAdmin");
    await t.deps.db.insert(tradingHalts).values({
      scope: "user",
      userId: halted.id,
      reason: "test halt",
      createdBy: admin.id,
    });
    await t.deps.db.insert(tradingLimits).values({
      userId: limited.id,
      exchange: "binance",
      maxPerOrder: "1000",
    });
    const body = buyBody(t, { amount: "100" });
    const answers = await Promise.all(traders.flatMap((trader) =>
      [0, 1, 2].map(async () => {
        const res = await t.call("POST", "/api/transaction", { token: trader.token, body });
        return { trader: trader.id, status: res.status, body: await res.json() };
      })
    ));

    const of = (id: number) => answers.filter((a) => a.trader === id);
    assert.deepEqual(of(halted.id).map((a) => a.status), [403, 403, 403]);
    for (const trader of traders.slice(1)) {
      const statuses = of(trader.id).map((a) => a.status).sort();
      assert.deepEqual(
        statuses,
        [201, 201, 400],
        `trader ${trader.id}: ${JSON.stringify(of(trader.id))}`,
      );
      const refused = of(trader.id).find((a) => a.status === 400)!;
      assert.match(refused.body.message, /insufficient|not enough/i);
    }

    // The answer's row (built from what was sent) is the row stored, as the list reads it back.
    const batched = traders.slice(2).map((x) => x.id);
    const answered = answers.find((a) => a.status === 201 && batched.includes(a.trader))!;
    const trader = traders.find((x) => x.id === answered.trader)!;
    const list = await (await t.call("GET", "/api/transaction?limit=100", { token: trader.token }))
      .json();
    const listed = list.ALL.items.find((i: { id: number }) =>
      i.id === answered.body.transaction.id
    );
    const { unrealizedPnl: _live, ...stored } = listed;
    const { unrealizedPnl: _none, ...given } = answered.body.transaction;
    assert.deepEqual(given, stored);

    const rows = await t.deps.db.select({
      userId: transactions.userId,
      amount: transactions.amount,
      // The transaction that wrote the row: rows written by one statement share it.
      xmin: sql<string>`${transactions}.xmin::text`,
    }).from(transactions);
    assert.equal(rows.length, 14);
    assert.equal(rows.filter((r) => r.userId === halted.id).length, 0);
    const statements = new Set(rows.map((r) => r.xmin)).size;
    assert.ok(statements < rows.length, `${rows.length} orders in ${statements} statements`);

    // Each account: its two fills, its balance the start less what they paid, never below zero.
    for (const trader of traders.slice(1)) {
      const account = `user:${trader.id}`;
      const fills = await t.deps.db.select().from(paperOrders)
        .where(eq(paperOrders.account, account));
      assert.equal(fills.length, 2);
      const usdt = await usdtOf(t, account);
      const paid = fills.reduce((sum, f) => sum.plus(dec(f.quantity).mul(f.price)), dec(0));
      assert.ok(usdt.gte(0));
      assert.ok(usdt.plus(paid).minus(250).abs().lte("0.00000002"), usdt.toFixed());
    }
  } finally {
    await t.close();
  }
});

Deno.test("fill batches: an order that cannot be written fails alone; the others in its statement are written", async () => {
  const t = await makeTestApp({ PAPER_START_BALANCES: "USDT:1000" });
  try {
    const leads = [await t.user("Lead"), await t.user("Lead"), await t.user("Lead")];
    const open = paperBuyer(t);
    // No such user: its row breaks the user foreign key, and with it its first statement.
    const results = await Promise.allSettled([
      ...leads.map((l) => open(l.id, `user:${l.id}`)),
      open(999_999, "user:999999"),
      ...leads.map((l) => open(l.id, `user:${l.id}`)),
    ]);
    assert.deepEqual(results.map((r) => r.status), [
      "fulfilled",
      "fulfilled",
      "fulfilled",
      "rejected",
      "fulfilled",
      "fulfilled",
      "fulfilled",
    ]);
    const ids = leads.map((l) => l.id);
    const rows = await t.deps.db.select().from(transactions)
      .where(inArray(transactions.userId, ids));
    assert.equal(rows.length, 6);
    const [orphan] = await t.deps.db.select().from(paperOrders)
      .where(eq(paperOrders.account, "user:999999"));
    assert.equal(orphan, undefined, "the failed order's fill was undone with its row");
  } finally {
    await t.close();
  }
});

Deno.test("fill batches: one account's orders share a statement; past its balance they are tried one at a time, in their order", async () => {
  const t = await makeTestApp({ PAPER_START_BALANCES: "USDT:1000" });
  try {
    const lead = await t.user("Lead");
    const account = `user:${lead.id}`;
    const open = paperBuyer(t);
    const usdt = () => usdtOf(t, account);
    const paidFor = async (ids: number[]) =>
      (await t.deps.db.select().from(paperOrders).where(eq(paperOrders.account, account)))
        .filter((f) => ids.some((id) => f.clientOrderId === `o${id}`))
        .reduce((sum, f) => sum.plus(dec(f.quantity).mul(f.price)), dec(0));

    // Eight at once: those that came while a statement ran share the next.
    const eight = await Promise.all(Array.from({ length: 8 }, () => open(lead.id, account)));
    assert.ok(eight.every((row) => row && typeof row === "object"), JSON.stringify(eight));
    const rows = await t.deps.db.select({ xmin: sql<string>`${transactions}.xmin::text` })
      .from(transactions).where(eq(transactions.userId, lead.id));
    assert.equal(rows.length, 8);
    const statements = new Set(rows.map((r) => r.xmin)).size;
    assert.ok(statements < 8, `8 orders in ${statements} statements`);
    const ids = eight.map((row) => (row as { id: number }).id);
    const left = await usdt();
    assert.ok(left.plus(await paidFor(ids)).minus(1000).abs().lte("0.0000001"), left.toFixed());

    // Of k + 3 more together, where k fit in what is left, the first k fill and the last three
    // are refused, as k + 3 sent one after another would be.
    const each = await paidFor([ids[0]]);
    const k = left.div(each).floor().toNumber();
    assert.ok(k >= 2, `${left} left, ${each} an order`);
    const more = await Promise.all(Array.from({ length: k + 3 }, () => open(lead.id, account)));
    assert.deepEqual(
      more.map((row) => row === null ? "refused" : "filled"),
      [...Array(k).fill("filled"), "refused", "refused", "refused"],
    );
    assert.ok(dec(await usdt()).gte(0));
  } finally {
    await t.close();
  }
});

Deno.test({
  name:
    "fill batches: one account's shared debit checks the balance as it is when it runs, not as the statement first saw it",
  // PGlite has one connection: no statement runs while another waits.
  ignore: !TEST_DATABASE_URL,
  async fn() {
    const t = await makeTestApp({ PAPER_START_BALANCES: "USDT:10000" });
    const held = await t.deps.database.sql!.reserve();
    try {
      const lead = await t.user("Lead");
      const account = `user:${lead.id}`;
      const open = paperBuyer(t);
      assert.ok(await open(lead.id, account));
      const [fill] = await t.deps.db.select().from(paperOrders)
        .where(eq(paperOrders.account, account));
      const each = dec(fill.quantity).mul(fill.price);

      // The account's fills wait behind its lock: one order alone, then sixteen in one statement,
      // each statement's snapshot taken while the balance still held 10,000 less one order.
      await held`begin`;
      await held`select pg_advisory_xact_lock(${FILL_LOCK_CLASS}, hashtext(${account}))`;
      const orders = Array.from({ length: 17 }, () => open(lead.id, account));
      await waitingForLocks(held, 2);
      // Meanwhile the account is left enough for three more orders.
      const left = each.mul(3).plus("0.000001");
      await held`update paper_balances set free = ${left.toFixed(8)}
        where account = ${account} and asset = 'USDT'`;
      await held`commit`;

      const results = await Promise.all(orders);
      assert.equal(results.filter((r) => r === null).length, 14, JSON.stringify(results));
      assert.equal(results.filter((r) => r && typeof r === "object").length, 3);
      const usdt = await usdtOf(t, account);
      assert.ok(usdt.gte(0), usdt.toFixed());
      assert.ok(usdt.lt(each), `${usdt} left: a fourth order would have fit`);
      const rows = await t.deps.db.select().from(transactions)
        .where(eq(transactions.userId, lead.id));
      assert.equal(rows.length, 4);
    } finally {
      held.release();
      await t.close();
    }
  },
});

/** An account's free USDT. */
async function usdtOf(t: TestApp, account: string) {
  const [row] = await t.deps.db.select().from(paperBalances)
    .where(and(eq(paperBalances.account, account), eq(paperBalances.asset, "USDT")));
  return dec(row.free);
}

/** Until `n` statements of the test's database wait for a lock. */
function waitingForLocks(sql: postgres.ReservedSql, n: number) {
  return until(
    async () => {
      const [{ waiting }] = await sql`select count(*)::int as waiting from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`;
      return waiting === n;
    },
    5000,
    `${n} statement(s) waiting for a lock`,
  );
}

/** Opens a paper BUY of 100 USDT for `userId` on `account` straight through insertFilled. */
function paperBuyer(t: TestApp) {
  const paper = t.deps.exchanges.adapter("binance", "paper");
  const price = t.market.feed("binance").price("btc_usdt")!;
  return async (userId: number, account: string) => {
    const id = await reserveTransactionId(t.deps.db);
    const planned = await paper.inDatabase!.plan({
      id: account,
      credentials: { key: "k", secret: "s" },
    }, {
      pair: "btc_usdt",
      side: "BUY",
      type: "market",
      quantity: "0.001",
      quoteAmount: "100",
      clientOrderId: `o${id}`,
    });
    const now = t.clock.now();
    return insertFilled(t.deps.database, paper.inDatabase!, {
      id,
      fill: planned.row,
      callLinesWithin: 60_000,
      values: {
        userId,
        status: "BUY",
        pair: "btc_usdt",
        exchange: "binance",
        adapter: "paper",
        useBot: "buy_sell",
        marketPrice: price,
        buyPrice: price,
        sellPrice: price,
        amount: "100",
        quantity: "0.001",
        createdAt: now,
        updatedAt: now,
      },
    });
  };
}

Deno.test({
  name: "fill batches: while a statement runs, a second starts only once 16 orders wait",
  // PGlite has one connection: its statements run one at a time whatever the queue does.
  ignore: !TEST_DATABASE_URL,
  async fn() {
    const t = await makeTestApp({ PAPER_START_BALANCES: "USDT:1000" });
    const held = await t.deps.database.sql!.reserve();
    try {
      const leads: { id: number }[] = [];
      for (let i = 0; i < 17; i++) leads.push(await t.user("Lead"));
      const open = paperBuyer(t);
      const [first, ...others] = leads;
      const account = (id: number) => `user:${id}`;
      await open(first.id, account(first.id));
      // The first account's balances locked elsewhere: its next statement waits, running.
      await held`begin`;
      await held`select 1 from paper_balances where account = ${account(first.id)} for update`;
      const blocked = open(first.id, account(first.id));
      let firstDone = false;
      blocked.then(() => firstDone = true, () => firstDone = true);
      await waitingForLocks(held, 1);
      const rowsOf = async (ls: { id: number }[]) =>
        (await t.deps.db.select().from(transactions)
          .where(inArray(transactions.userId, ls.map((l) => l.id)))).length;

      const few = others.slice(0, 3).map((l) => open(l.id, account(l.id)));
      await new Promise((r) => setTimeout(r, 300));
      assert.equal(await rowsOf(others), 0, "three waiting orders start no second statement");

      const many = others.slice(3, 16).map((l) => open(l.id, account(l.id)));
      await Promise.all([...few, ...many]);
      assert.equal(await rowsOf(others), 16, "sixteen waiting share a second statement");
      assert.equal(firstDone, false);

      await held`rollback`;
      await blocked;
      assert.equal(await rowsOf([first]), 2);
    } finally {
      held.release();
      await t.close();
    }
  },
});
