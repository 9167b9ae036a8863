// Close now (issue 28): a real closing order at market through the row's exchange, claimed before
// it is sent, checked like every order, recorded with its fill, fee and result; the socket hears it
// as any close. On the paper exchange and on a fake Binance that enforces Binance's rules.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { dec } from "../../server/core/decimal.shared.ts";
import { paperBalances, transactions } from "../../server/db/schema.ts";
import type { ClosedTrade } from "../../server/desk/schema.shared.ts";
import { resultOf } from "../../server/transactions/pnl.shared.ts";
import type { TradeError, TransactionView } from "../../server/transactions/view.ts";
import { makeTestApp, type TestApp, type TestUser } from "../support/test-app.ts";
import { until } from "../support/until.ts";
import { buy, close, LEVEL, listen, price, row, setup } from "./live-fixtures.ts";
import { buyBody, expectStatus, giveKeys } from "./transactions-fixtures.ts";

const PRICE = "60000";

async function paperDesk() {
  const t = await makeTestApp();
  const lead = await t.user("Lead");
  const other = await t.user("Lead");
  const user = await t.user("User");
  const admin = await t.user("Admin");
  await giveKeys(t, lead.id, "binance");
  await giveKeys(t, other.id, "binance");
  t.market.sim("binance")!.setPrice("btc_usdt", PRICE);
  const told = { changed: [] as TransactionView[], errors: [] as TradeError[] };
  t.deps.onTransactionChanged = (tx) => told.changed.push(tx);
  t.deps.onTradeError = (_user, e) => told.errors.push(e);
  return { t, lead, other, user, admin, told };
}

async function open(t: TestApp, who: TestUser, extra: Record<string, unknown> = {}) {
  const body = buyBody(t, { sellPrice: "61000", ...extra });
  const { transaction } = await expectStatus(t, 201, "POST", "/api/transaction", {
    token: who.token,
    body,
  });
  return transaction as TransactionView;
}

const closeNow = (t: TestApp, who: TestUser, id: number) =>
  t.call("POST", `/api/desk/positions/${id}/close`, { token: who.token });

const paperBase = async (t: TestApp, userId: number) =>
  (await t.deps.db.select().from(paperBalances).where(eq(paperBalances.account, `user:${userId}`)))
    .find((b) => b.asset === "BTC")?.free ?? "0";

Deno.test("close now (paper): the owner's open BUY is sold at market, recorded with its fill and result, told", async () => {
  const { t, lead, told } = await paperDesk();
  try {
    const tx = await open(t, lead);
    const held = await paperBase(t, lead.id);
    t.market.sim("binance")!.setPrice("btc_usdt", "60600");
    const res = await closeNow(t, lead, tx.id);
    const closed: ClosedTrade = await res.json();
    assert.equal(res.status, 200, JSON.stringify(closed));
    assert.equal(closed.id, tx.id);
    assert.equal(closed.side, "BUY");
    assert.equal(dec(closed.exitPrice!).toFixed(), "60600");
    // 0.00166 bought at 60000 for 99.6 USDT, 0.00000166 of it Binance's 0.1% fee; what arrived,
    // on the lot step, sold: 0.00165 at 60600 for 99.99 less a 0.09999 fee. The result is that
    // cash flow (+0.29001) and the 0.00000834 left, valued at 60600 (+0.505404).
    assert.equal(tx.filledQuantity, "0.00166000");
    assert.equal(tx.fee, "0.00000166");
    assert.equal(closed.exitQuantity, "0.00165000");
    const expected = "0.79541400";
    assert.equal(closed.realizedPnl, expected);
    assert.equal(closed.counted, true);
    assert.equal(closed.reason, null);
    const [done] = await t.deps.db.select().from(transactions).where(eq(transactions.id, tx.id));
    assert.equal(done.status, "DONE");
    assert.equal(done.closingSince, null);
    assert.equal(done.closeOrderId, `paper-tx${tx.id}c`);
    assert.equal(done.realizedPnl, expected);
    const sold = dec(held).minus(await paperBase(t, lead.id));
    assert.equal(sold.toFixed(), "0.00165", "what arrived was sold, on the lot step");
    assert.ok(told.changed.some((c) => c.id === tx.id && c.status === "DONE"), "socket told");
    // Already closed: 409, and nothing more is sold.
    const again = await closeNow(t, lead, tx.id);
    assert.equal(again.status, 409);
    assert.equal((await again.json()).code, "desk.notOpen");
    // It is in the closed list with the same figures.
    const list = await expectStatus(t, 200, "GET", "/api/desk/closed", { token: lead.token });
    assert.deepEqual(list.items[0], closed);
  } finally {
    await t.close();
  }
});

Deno.test("close now: someone else's row is 404 to a Lead or User; an Admin closes it; bad ids are 400", async () => {
  const { t, lead, other, user, admin } = await paperDesk();
  try {
    const tx = await open(t, lead);
    for (const who of [other, user]) {
      const res = await closeNow(t, who, tx.id);
      assert.equal(res.status, 404);
    }
    assert.equal((await closeNow(t, lead, 999999)).status, 404);
    for (const bad of ["abc", "0", "-1", "1.5", "99999999999999999999"]) {
      const res = await t.call("POST", `/api/desk/positions/${bad}/close`, { token: lead.token });
      assert.ok([400, 404].includes(res.status), `${bad}: ${res.status}`);
      assert.ok((await res.json()).message);
    }
    assert.equal((await t.call("POST", `/api/desk/positions/${tx.id}/close`)).status, 401);
    const res = await closeNow(t, admin, tx.id);
    assert.equal(res.status, 200, await res.clone().text());
    const [done] = await t.deps.db.select().from(transactions).where(eq(transactions.id, tx.id));
    assert.equal(done.status, "DONE");
    assert.equal(done.userId, lead.id, "closed on the owner's account");
  } finally {
    await t.close();
  }
});

Deno.test("close now: a halt or a stale price refuses it and leaves the position open and unclaimed", async () => {
  const { t, lead, admin } = await paperDesk();
  try {
    const tx = await open(t, lead);
    const halt = await expectStatus(t, 201, "POST", "/api/trading-halts", {
      token: admin.token,
      body: { scope: "user", userId: lead.id, reason: "Review" },
    });
    const res = await closeNow(t, lead, tx.id);
    assert.equal(res.status, 403);
    const body = await res.json();
    assert.equal(body.code, "halts.user");
    await expectStatus(t, 200, "POST", `/api/trading-halts/${halt.id}/release`, {
      token: admin.token,
    });
    // The feed stops: older than PRICE_MAX_AGE_S is no price to close at.
    t.market.sim("binance")!.silence("btc_usdt");
    t.clock.advance((t.deps.config.PRICE_MAX_AGE_S + 1) * 1000);
    const stale = await closeNow(t, lead, tx.id);
    assert.equal(stale.status, 503);
    assert.equal((await stale.json()).code, "trading.stalePrice");
    const [still] = await t.deps.db.select().from(transactions).where(eq(transactions.id, tx.id));
    assert.equal(still.status, "BUY");
    assert.equal(still.closingSince, null);
    assert.ok(dec(await paperBase(t, lead.id)).gte(tx.filledQuantity!), "nothing was sold");
  } finally {
    await t.close();
  }
});

Deno.test("close now: a row being closed (claimed) is 409; a row recorded without an order is 400", async () => {
  const { t, lead } = await paperDesk();
  try {
    const tx = await open(t, lead);
    await t.deps.db.update(transactions).set({ closingSince: t.clock.now() })
      .where(eq(transactions.id, tx.id));
    assert.equal((await closeNow(t, lead, tx.id)).status, 409);
    const plain = await open(t, lead, { useBot: "none" });
    const res = await closeNow(t, lead, plain.id);
    assert.equal(res.status, 400);
    assert.equal((await res.json()).code, "desk.notClosable");
  } finally {
    await t.close();
  }
});

Deno.test("close now (paper): two clicks at once close once", async () => {
  const { t, lead } = await paperDesk();
  try {
    const tx = await open(t, lead);
    const held = await paperBase(t, lead.id);
    const answers = await Promise.all([closeNow(t, lead, tx.id), closeNow(t, lead, tx.id)]);
    const statuses = answers.map((r) => r.status).sort();
    assert.deepEqual(statuses, [200, 409]);
    const sold = dec(held).minus(await paperBase(t, lead.id));
    assert.equal(sold.toFixed(), "0.00165", "sold once");
  } finally {
    await t.close();
  }
});

Deno.test("close now (live Binance): the fill and its fee are recorded; the result is the fills'", async () => {
  const l = await setup();
  try {
    const told = listen(l.t.deps);
    price(l, "binance", "btc_usdt", LEVEL.btc_usdt);
    const opened = await buy(l, "binance", "btc_usdt", "100");
    assert.equal(opened.status, 201, await opened.clone().text());
    const { transaction } = await opened.json();
    price(l, "binance", "btc_usdt", "60300.5");
    const res = await l.t.call("POST", `/api/desk/positions/${transaction.id}/close`, {
      token: l.token,
    });
    const closed: ClosedTrade = await res.json();
    assert.equal(res.status, 200, JSON.stringify(closed));
    const done = await row(l, transaction.id);
    const order = l.binance.orders.at(-1)!;
    assert.equal(order.side, "SELL");
    assert.equal(order.newClientOrderId, `tx${transaction.id}c`);
    const fill = l.binance.trades.at(-1)!;
    assert.equal(done.status, "DONE");
    assert.equal(dec(done.filledPrice!).toFixed(), "60300.5");
    assert.equal(dec(done.closeFee!).toFixed(), dec(String(fill.commission)).toFixed());
    assert.equal(done.closeFeeAsset, "USDT");
    const expected = resultOf(
      "btc_usdt",
      [
        {
          side: "BUY",
          quantity: done.filledQuantity!,
          price: done.avgPrice!,
          fee: done.fee,
          feeAsset: done.feeAsset,
        },
        {
          side: "SELL",
          quantity: done.closeQuantity!,
          price: done.filledPrice!,
          fee: done.closeFee,
          feeAsset: done.closeFeeAsset,
        },
      ],
      done.filledPrice!,
      () => undefined,
    );
    assert.equal(done.realizedPnl, expected);
    assert.equal(closed.realizedPnl, expected);
    // Both fees in USDT: the BTC fee at its fill's price, the USDT one as it is.
    const fees = dec(done.fee!).mul(done.avgPrice!).add(done.closeFee!).toDecimalPlaces(8);
    assert.equal(dec(closed.fees!).toFixed(), fees.toFixed());
    assert.ok(told.changed.some((c) => c.id === transaction.id && c.status === "DONE"));
  } finally {
    await close(l);
  }
});

Deno.test("close now (live Binance): a held answer is 202 pending, then the close settles and is told", async () => {
  const l = await setup({ ORDER_ANSWER_MS: 100 });
  try {
    const told = listen(l.t.deps);
    price(l, "binance", "btc_usdt", LEVEL.btc_usdt);
    const { transaction } = await (await buy(l, "binance", "btc_usdt", "100")).json();
    l.binance.troubleNextOrder({ kind: "hold", afterFill: true, holdMs: 400 });
    const res = await l.t.call("POST", `/api/desk/positions/${transaction.id}/close`, {
      token: l.token,
    });
    assert.equal(res.status, 202, await res.clone().text());
    assert.deepEqual(await res.json(), { pending: true, id: transaction.id });
    const claimed = await row(l, transaction.id);
    assert.ok(claimed.closingSince, "claimed before the answer came");
    await until(
      () => told.changed.some((c) => c.id === transaction.id && c.status === "DONE"),
      10_000,
      "the late close to be recorded",
    );
    const done = await row(l, transaction.id);
    assert.equal(done.status, "DONE");
    assert.ok(done.closeFee);
    assert.ok(done.realizedPnl);
    assert.equal(l.binance.orders.filter((o) => o.side === "SELL").length, 1, "sent once");
    assert.equal(told.errors.length, 0);
  } finally {
    await close(l);
  }
});

Deno.test("close now (live Binance): a refusal is 400 and releases the claim", async () => {
  const l = await setup();
  try {
    price(l, "binance", "btc_usdt", LEVEL.btc_usdt);
    const { transaction } = await (await buy(l, "binance", "btc_usdt", "100")).json();
    l.binance.halt("BTCUSDT");
    const res = await l.t.call("POST", `/api/desk/positions/${transaction.id}/close`, {
      token: l.token,
    });
    assert.equal(res.status, 400, await res.clone().text());
    const open = await row(l, transaction.id);
    assert.equal(open.status, "BUY");
    assert.equal(open.closingSince, null);
  } finally {
    await close(l);
  }
});

Deno.test("close now (live Binance): an answer nobody can confirm keeps the claim and tells the owner what to check", async () => {
  const l = await setup();
  try {
    const told = listen(l.t.deps);
    price(l, "binance", "btc_usdt", LEVEL.btc_usdt);
    const { transaction } = await (await buy(l, "binance", "btc_usdt", "100")).json();
    l.binance.troubleNextOrder({ kind: "503", afterFill: true, blindLookups: 10 });
    const res = await l.t.call("POST", `/api/desk/positions/${transaction.id}/close`, {
      token: l.token,
    });
    assert.equal(res.status, 202, await res.clone().text());
    assert.deepEqual(await res.json(), { pending: true, id: transaction.id });
    const held = await row(l, transaction.id);
    assert.equal(held.status, "BUY");
    assert.ok(held.closingSince, "the claim stays: the order may exist");
    assert.ok(held.closeErrorAt);
    assert.equal(told.errors.length, 1);
    assert.equal(told.errors[0].code, "worker.unclear");
    assert.match(told.errors[0].message, new RegExp(`Check order tx${transaction.id}c on Binance`));
    // Not sent again while it is claimed.
    const again = await l.t.call("POST", `/api/desk/positions/${transaction.id}/close`, {
      token: l.token,
    });
    assert.equal(again.status, 409);
  } finally {
    await close(l);
  }
});

Deno.test("close now (live Gate): the closing fill and fee are recorded, the result from both fills", async () => {
  const l = await setup();
  try {
    price(l, "gate", "btc_usdt", LEVEL.btc_usdt);
    const opened = await buy(l, "gate", "btc_usdt", "100");
    assert.equal(opened.status, 201, await opened.clone().text());
    const { transaction } = await opened.json();
    price(l, "gate", "btc_usdt", "60300.5");
    const res = await l.t.call("POST", `/api/desk/positions/${transaction.id}/close`, {
      token: l.token,
    });
    const closed: ClosedTrade = await res.json();
    assert.equal(res.status, 200, JSON.stringify(closed));
    const done = await row(l, transaction.id);
    assert.equal(done.status, "DONE");
    assert.ok(dec(done.closeQuantity!).gt(0));
    assert.ok(dec(done.closeFee!).gt(0), "Gate's fee recorded");
    const expected = resultOf(
      "btc_usdt",
      [
        {
          side: "BUY",
          quantity: done.filledQuantity!,
          price: done.avgPrice!,
          fee: done.fee,
          feeAsset: done.feeAsset,
        },
        {
          side: "SELL",
          quantity: done.closeQuantity!,
          price: done.filledPrice!,
          fee: done.closeFee,
          feeAsset: done.closeFeeAsset,
        },
      ],
      done.filledPrice!,
      () => undefined,
    );
    assert.equal(closed.realizedPnl, expected);
    assert.equal(l.gate.orders.length, 2, "one opening and one closing order");
  } finally {
    await close(l);
  }
});
