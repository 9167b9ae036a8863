// The desk's reads (issue 28): candles, positions, closed trades, balances and today, each the
// caller's own (Admins: the desk's figures of today too), bad input 400, on PGlite and PostgreSQL.
import assert from "node:assert/strict";
import { botKeys, candles, transactions } from "../../server/db/schema.ts";
import { CandleRecorder } from "../../server/market/candles.ts";
import type {
  BalanceAccount,
  ClosedTrade,
  DeskCandlesAnswer,
  DeskPositionsAnswer,
  DeskTodayAnswer,
  Position,
} from "../../server/desk/schema.shared.ts";
import { livePrices } from "../../server/transactions/pnl.ts";
import { unrealizedPnl } from "../../server/transactions/pnl.shared.ts";
import type { NewTransaction } from "../../server/transactions/record.ts";
import { makeTestApp, type TestApp, type TestUser } from "../support/test-app.ts";
import { expectStatus, giveKeys, setUser } from "./transactions-fixtures.ts";

const MIN = 60_000;

/** A row as the exchange left it: opened (and closed) with fills. */
async function insertRow(t: TestApp, userId: number, values: Partial<NewTransaction> = {}) {
  const now = t.clock.now();
  const [row] = await t.deps.db.insert(transactions).values({
    userId,
    status: "BUY",
    pair: "btc_usdt",
    exchange: "binance",
    adapter: "paper",
    useBot: "buy_sell",
    marketPrice: "60000",
    buyPrice: "60000",
    sellPrice: "60600",
    amount: "60",
    quantity: "0.001",
    filledQuantity: "0.001",
    avgPrice: "60000",
    fee: "0.000001",
    feeAsset: "BTC",
    openedAt: now,
    createdAt: now,
    updatedAt: now,
    ...values,
  }).returning();
  return row;
}

const get = <T>(t: TestApp, who: TestUser, path: string) =>
  expectStatus(t, 200, "GET", path, { token: who.token }) as Promise<T>;

async function desk() {
  const t = await makeTestApp();
  const lead = await t.user("Lead");
  const user = await t.user("User");
  const admin = await t.user("Admin");
  t.market.sim("binance")!.setPrice("btc_usdt", "61000");
  return { t, lead, user, admin };
}

Deno.test("desk positions: a row recorded on no exchange we trade (none, houbi) is listed with its own quantity", async () => {
  const { t, lead } = await desk();
  try {
    for (const exchange of ["none", "houbi"] as const) {
      await insertRow(t, lead.id, { exchange, adapter: "none", fee: null, feeAsset: null });
    }
    const mine = await get<DeskPositionsAnswer>(t, lead, "/api/desk/positions");
    assert.deepEqual(
      mine.items.map((p) => [p.exchange, p.closeQuantity]),
      [["houbi", "0.001"], ["none", "0.001"]],
    );
  } finally {
    await t.close();
  }
});

Deno.test("desk positions: the caller's open trades, newest first, valued at the live price; filters; 400s", async () => {
  const { t, lead, user } = await desk();
  try {
    const buy = await insertRow(t, lead.id);
    t.clock.advance(1000);
    const sell = await insertRow(t, lead.id, {
      status: "SELL",
      useBot: "sell_buy",
      buyPrice: "59400",
      sellPrice: "60000",
      fee: "0.06",
      feeAsset: "USDT",
    });
    t.clock.advance(1000);
    const gate = await insertRow(t, lead.id, { exchange: "gate", useBot: "none" });
    await insertRow(t, lead.id, { status: "DONE", realizedPnl: "0.5" });
    await insertRow(t, lead.id, { status: "DONE", kind: "missed_call" });
    const others = await insertRow(t, user.id);

    const mine = await get<DeskPositionsAnswer>(t, lead, "/api/desk/positions");
    assert.deepEqual(mine.items.map((p) => p.id), [gate.id, sell.id, buy.id]);
    assert.equal(mine.totalItems, 3);
    const prices = livePrices(t.deps.market);
    const b = mine.items.find((p) => p.id === buy.id)!;
    assert.deepEqual(
      b,
      {
        id: buy.id,
        pair: "btc_usdt",
        exchange: "binance",
        side: "BUY",
        useBot: "buy_sell",
        openPrice: buy.avgPrice!,
        quantity: buy.filledQuantity!,
        // What close now sells: 0.001 less the 0.000001 BTC fee, on Binance's 0.00001 step.
        closeQuantity: "0.00099",
        amount: buy.amount,
        fee: buy.fee!,
        feeAsset: "BTC",
        currentPrice: t.market.feed("binance").price("btc_usdt")!,
        unrealizedPnl: unrealizedPnl(buy, prices),
        // (61000 - 60000) x 0.001 less the 0.000001 BTC fee at 61000: 0.939 of 60 USDT.
        unrealizedPct: "1.57",
        target: buy.sellPrice,
        openedAt: buy.openedAt!.getTime(),
        orderState: null,
      } satisfies Position,
    );
    assert.equal(b.unrealizedPnl, "0.93900000");
    const s = mine.items.find((p) => p.id === sell.id)!;
    assert.equal(s.side, "SELL");
    assert.equal(s.closeQuantity, sell.filledQuantity, "the quantity sold is bought back");
    assert.equal(s.target, sell.buyPrice);
    assert.equal(s.unrealizedPnl, unrealizedPnl(sell, prices));
    const g = mine.items.find((p) => p.id === gate.id)!;
    assert.equal(g.currentPrice, t.market.feed("gate").price("btc_usdt"), "Gate's own price");
    assert.equal(g.unrealizedPnl, unrealizedPnl(gate, prices));
    assert.equal(g.target, null, "mode none keeps no target");

    const onGate = await get<DeskPositionsAnswer>(t, lead, "/api/desk/positions?exchange=gate");
    assert.deepEqual(onGate.items.map((p) => p.id), [gate.id]);
    const onEth = await get<DeskPositionsAnswer>(t, lead, "/api/desk/positions?pair=ETH_USDT");
    assert.deepEqual(onEth, { items: [], totalItems: 0 });
    const blank = await get<DeskPositionsAnswer>(t, lead, "/api/desk/positions?exchange=&pair=");
    assert.equal(blank.totalItems, 3);

    const theirs = await get<DeskPositionsAnswer>(t, user, "/api/desk/positions");
    assert.deepEqual(theirs.items.map((p) => p.id), [others.id]);

    for (const bad of ["exchange=kraken", `pair=${"x".repeat(41)}`]) {
      const res = await expectStatus(t, 400, "GET", `/api/desk/positions?${bad}`, {
        token: lead.token,
      });
      assert.ok(res.message);
    }
    assert.equal((await t.call("GET", "/api/desk/positions")).status, 401);
  } finally {
    await t.close();
  }
});

Deno.test("desk closed: both fills, fees in the quote, the result and /profit's counting rule; missed calls apart", async () => {
  const { t, lead, user } = await desk();
  try {
    const opened = t.clock.now();
    const won = await insertRow(t, lead.id, {
      status: "DONE",
      filledPrice: "60500",
      filledAt: new Date(opened.getTime() + 5 * MIN),
      closeQuantity: "0.000999",
      closeFee: "0.06043950",
      closeFeeAsset: "USDT",
      realizedPnl: "0.37906050",
    });
    const byHand = await insertRow(t, lead.id, {
      status: "DONE",
      priceSource: "hand_closed",
      filledPrice: "60600",
      filledAt: new Date(opened.getTime() + 6 * MIN),
    });
    const oneSided = await insertRow(t, lead.id, {
      status: "DONE",
      useBot: "only_buy",
      filledPrice: "60000",
      filledAt: new Date(opened.getTime() + 1 * MIN),
    });
    const missed = await insertRow(t, lead.id, {
      status: "DONE",
      kind: "missed_call",
      filledQuantity: null,
      avgPrice: null,
      fee: null,
      feeAsset: null,
    });
    await insertRow(t, user.id, { status: "DONE", filledPrice: "1", filledAt: opened });
    await insertRow(t, lead.id); // still open

    const answer = await get<{ items: ClosedTrade[]; missed: unknown[] }>(
      t,
      lead,
      "/api/desk/closed",
    );
    assert.deepEqual(answer.items.map((c) => c.id), [byHand.id, won.id, oneSided.id]);
    const w = answer.items[1];
    assert.deepEqual(
      w,
      {
        id: won.id,
        pair: "btc_usdt",
        exchange: "binance",
        side: "BUY",
        entryPrice: "60000.00000000",
        entryQuantity: "0.00100000",
        exitPrice: "60500.00000000",
        exitQuantity: "0.00099900",
        // 0.000001 BTC at its fill's 60000, plus 0.0604395 USDT.
        fees: "0.12043950",
        realizedPnl: "0.37906050",
        realizedPct: "0.63",
        openedAt: opened.getTime(),
        closedAt: opened.getTime() + 5 * MIN,
        durationMs: 5 * MIN,
        counted: true,
        reason: null,
      } satisfies ClosedTrade,
    );
    assert.equal(answer.items[0].counted, false);
    assert.equal(answer.items[0].reason, "handClosed");
    assert.equal(answer.items[2].reason, "oneSided");
    assert.equal(answer.items[2].exitPrice, null);
    assert.deepEqual(answer.missed, [{
      id: missed.id,
      pair: "btc_usdt",
      side: "BUY",
      at: missed.createdAt.getTime(),
      // (60600 - 60000) x 0.001 at its targets: what it would have made, never profit.
      wouldHave: "0.60000000",
    }]);
    const one = await get<{ items: ClosedTrade[] }>(t, lead, "/api/desk/closed?limit=1");
    assert.deepEqual(one.items.map((c) => c.id), [byHand.id]);
    const theirs = await get<{ items: ClosedTrade[] }>(t, user, "/api/desk/closed");
    assert.equal(theirs.items.length, 1);
    for (const bad of ["0", "101", "x"]) {
      await expectStatus(t, 400, "GET", `/api/desk/closed?limit=${bad}`, { token: lead.token });
    }
  } finally {
    await t.close();
  }
});

Deno.test("desk today: the caller's day by /profit's rule; the desk's for Admins only; since within 48 h", async () => {
  const { t, lead, user, admin } = await desk();
  try {
    const since = t.clock.now().getTime();
    await insertRow(t, lead.id, {
      createdAt: new Date(since - 1000),
      status: "DONE",
      realizedPnl: "100",
    }); // before since: another day
    t.clock.advance(MIN);
    const done = {
      status: "DONE" as const,
      filledPrice: "60500",
      closeFee: "0.06",
      closeFeeAsset: "USDT",
    };
    await insertRow(t, lead.id, { ...done, realizedPnl: "0.4" });
    await insertRow(t, lead.id, { ...done, realizedPnl: "-0.1" });
    await insertRow(t, lead.id, { ...done, realizedPnl: "0.2", priceSource: "hand_closed" });
    await insertRow(t, lead.id, { status: "DONE", kind: "missed_call" });
    await insertRow(t, lead.id); // open
    await insertRow(t, user.id, { ...done, realizedPnl: "1" });

    const path = `/api/desk/today?since=${since}`;
    const mine = await get<DeskTodayAnswer>(t, lead, path);
    assert.deepEqual(mine, {
      me: {
        realizedPnl: "0.3",
        trades: 2,
        wins: 1,
        winRate: "0.5000",
        missedCalls: 1,
        // Each counted trade: 0.000001 BTC at 60000 and 0.06 USDT.
        fees: "0.24",
      },
      desk: null,
    });
    const theirs = await get<DeskTodayAnswer>(t, user, path);
    assert.equal(theirs.me.realizedPnl, "1");
    assert.equal(theirs.desk, null);
    const admins = await get<DeskTodayAnswer>(t, admin, path);
    assert.deepEqual(admins.me, {
      realizedPnl: "0",
      trades: 0,
      wins: 0,
      winRate: null,
      missedCalls: 0,
      fees: "0",
    });
    assert.equal(admins.desk!.realizedPnl, "1.3");
    assert.equal(admins.desk!.trades, 3);
    // The same rule as /profit: the desk's day is its total from the same start.
    const profit = await expectStatus(t, 200, "GET", `/api/profits?start=${since}`, {
      token: admin.token,
    });
    assert.deepEqual(profit.total, { trades: 3, profit: "1.3" });

    const now = t.clock.now().getTime();
    for (const bad of [now - 49 * 3_600_000, now + 3_600_000, "yesterday", ""]) {
      const res = await expectStatus(t, 400, "GET", `/api/desk/today?since=${bad}`, {
        token: lead.token,
      });
      assert.ok(res.message);
    }
    await expectStatus(t, 400, "GET", "/api/desk/today", { token: lead.token });
  } finally {
    await t.close();
  }
});

Deno.test("desk candles: recorded minutes, wider bars in SQL, the live minute on top; own markers and targets", async () => {
  const { t, lead, user } = await desk();
  try {
    // The clock 7.5 minutes into an hour: minutes 0 to 6 recorded, minute 7 still open.
    const hour = Math.ceil(t.clock.now().getTime() / (60 * MIN)) * 60 * MIN;
    t.clock.advance(hour + 7.5 * MIN - t.clock.now().getTime());
    const at = (m: number) => new Date(hour + m * MIN);
    const day = Math.floor(hour / (1440 * MIN)) * 1440 * MIN;
    await t.deps.db.insert(candles).values([0, 1, 2, 3, 4, 5, 6].map((m) => ({
      exchange: "binance",
      pair: "btc_usdt",
      openTime: at(m),
      open: String(60000 + m * 10),
      high: String(60000 + m * 10 + 50),
      low: String(60000 + m * 10 - 50),
      close: String(60000 + m * 10 + 5),
    })));
    // The engine's recorder holds the open minute: three ticks of it, not written yet.
    const recorder = new CandleRecorder({ db: t.deps.db, clock: t.clock, market: t.market });
    for (const [price, s] of [["60100", 1], ["61200", 10], ["60050", 20]] as const) {
      recorder.record({
        exchange: "binance",
        pair: "btc_usdt",
        price,
        at: new Date(at(7).getTime() + s * 1000),
      });
    }
    t.deps.engine = {
      name: "test",
      active: () => true,
      stop: () => Promise.resolve(),
      unwrittenCandles: (exchange, pair) => recorder.unwritten(exchange, pair),
    };
    t.market.sim("binance")!.setPrice("btc_usdt", "61000");
    const entry = await insertRow(t, lead.id, { openedAt: at(2), createdAt: at(2) });
    const exit = await insertRow(t, lead.id, {
      status: "DONE",
      openedAt: at(1),
      createdAt: at(1),
      filledAt: at(4),
      filledPrice: "60045",
      closeQuantity: "0.000999",
    });
    await insertRow(t, user.id, { openedAt: at(3), createdAt: at(3) });

    const one = await get<DeskCandlesAnswer>(
      t,
      lead,
      "/api/desk/candles?exchange=binance&pair=btc_usdt&interval=1m&limit=3",
    );
    assert.deepEqual(one.candles, [
      {
        t: at(5).getTime(),
        o: dec8("60050"),
        h: dec8("60100"),
        l: dec8("60000"),
        c: dec8("60055"),
      },
      {
        t: at(6).getTime(),
        o: dec8("60060"),
        h: dec8("60110"),
        l: dec8("60010"),
        c: dec8("60065"),
      },
      // The engine's open minute, its close moved to the feed's last price.
      { t: at(7).getTime(), o: "60100", h: "61200", l: "60050", c: "61000.00" },
    ]);

    const five = await get<DeskCandlesAnswer>(
      t,
      lead,
      "/api/desk/candles?exchange=binance&pair=btc_usdt&interval=5m",
    );
    assert.deepEqual(five.candles.map((c) => c.t), [at(0).getTime(), at(5).getTime()]);
    assert.deepEqual(five.candles[0], {
      t: at(0).getTime(),
      o: dec8("60000"),
      h: dec8("60090"),
      l: dec8("59950"),
      c: dec8("60045"),
    });
    assert.equal(five.candles[1].h, "61200");
    assert.equal(five.candles[1].c, "61000.00");
    assert.deepEqual(five.markers, [
      {
        t: at(1).getTime(),
        transactionId: exit.id,
        side: "BUY",
        kind: "entry",
        price: exit.avgPrice,
      },
      {
        t: at(2).getTime(),
        transactionId: entry.id,
        side: "BUY",
        kind: "entry",
        price: entry.avgPrice,
      },
      {
        t: at(4).getTime(),
        transactionId: exit.id,
        side: "SELL",
        kind: "exit",
        price: exit.filledPrice,
      },
    ]);
    assert.deepEqual(five.targets, [{
      transactionId: entry.id,
      side: "BUY",
      price: entry.sellPrice,
    }]);

    const day1 = await get<DeskCandlesAnswer>(
      t,
      lead,
      "/api/desk/candles?exchange=binance&pair=btc_usdt&interval=1d&limit=2",
    );
    assert.deepEqual(day1.candles.map((c) => c.t), [day]);
    const theirs = await get<DeskCandlesAnswer>(
      t,
      user,
      "/api/desk/candles?exchange=binance&pair=btc_usdt",
    );
    assert.deepEqual(theirs.markers.map((m) => m.transactionId).length, 1);
    assert.equal(theirs.candles.length, 8);

    for (
      const bad of [
        "exchange=binance&pair=btc_usdt&interval=2m",
        "exchange=binance&pair=btc_usdt&limit=0",
        "exchange=binance&pair=btc_usdt&limit=501",
        "exchange=none&pair=btc_usdt",
        "exchange=binance",
      ]
    ) {
      await expectStatus(t, 400, "GET", `/api/desk/candles?${bad}`, { token: lead.token });
    }
  } finally {
    await t.close();
  }
});

/** NUMERIC(38, 8)'s text as the table gives it back. */
const dec8 = (v: string) => Number(v).toFixed(8);

Deno.test("desk balances: the paper ledger of the caller's account and of the bot keys they trade with, no secret", async () => {
  const { t, lead, user } = await desk();
  try {
    await giveKeys(t, lead.id, "binance");
    const [bot] = await t.deps.db.insert(botKeys).values({
      exchange: "binance",
      username: "desk_bot",
      key: await t.deps.secretBox.seal("bot-key-plain"),
      secret: await t.deps.secretBox.seal("bot-secret-plain"),
    }).returning();
    await setUser(t, lead.id, { selectBots: [bot.id] });
    const res = await t.call("GET", "/api/desk/balances?exchange=binance", { token: lead.token });
    const text = await res.text();
    assert.equal(res.status, 200, text);
    for (const secret of ["bot-key-plain", "bot-secret-plain", "binance-key-", "binance-secret-"]) {
      assert.ok(!text.includes(secret), `no ${secret} in the answer`);
    }
    const answer = JSON.parse(text);
    assert.equal(answer.exchange, "binance");
    assert.equal(answer.at, t.clock.now().getTime());
    const [own, botAccount] = answer.accounts as BalanceAccount[];
    assert.equal(own.account, `user:${lead.id}`);
    assert.equal(own.label, lead.username);
    assert.equal(own.adapter, "paper");
    assert.equal(own.error, null);
    assert.ok(own.balances.some((b) => b.asset === "USDT" && Number(b.free) > 0));
    assert.equal(botAccount.account, `bot:${bot.id}`);
    assert.equal(botAccount.label, "desk_bot");
    assert.ok(botAccount.balances.length > 0);

    // A User selects no bots: their own account only.
    const mine = await get<{ accounts: BalanceAccount[] }>(
      t,
      user,
      "/api/desk/balances?exchange=gate",
    );
    assert.deepEqual(mine.accounts.map((a) => a.account), [`user:${user.id}`]);
    await expectStatus(t, 400, "GET", "/api/desk/balances?exchange=houbi", { token: user.token });
    await expectStatus(t, 400, "GET", "/api/desk/balances", { token: user.token });
  } finally {
    await t.close();
  }
});
