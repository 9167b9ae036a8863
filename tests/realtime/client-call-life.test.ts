import assert from "node:assert/strict";
import type { CallInfo } from "../../server/realtime/protocol.ts";
import { createCallLife } from "../../web/src/calls/call-life.ts";
import { donePayload } from "../../web/src/calls/done-payload.ts";
import { initialCalls } from "../../web/src/calls/store.ts";

function harness(pair = "btc_usdt") {
  const state = initialCalls();
  const log: string[] = [];
  const jobs = new Map<number, () => void>();
  let seq = 0;
  const life = createCallLife(state, {
    pair: () => pair,
    ring: { start: () => log.push("ring"), stop: () => log.push("silence") },
    setUseBot: (mode) => void log.push(`useBot ${mode}`),
    generateDone: (callId) => Promise.resolve(void log.push(`done ${callId}`)),
    timers: {
      set: (fn, ms) => {
        jobs.set(++seq, fn);
        log.push(`timer ${ms}`);
        return seq;
      },
      clear: (id) => void jobs.delete(id as number),
    },
    now: () => 1_000_000,
  });
  /** Fires every pending timer (the expiry) and lets its promise settle. */
  const expire = async () => {
    for (const [id, fn] of [...jobs]) {
      jobs.delete(id);
      fn();
    }
    await Promise.resolve();
  };
  return { state, log, life, expire, jobs };
}

const call = (target: string, id = "c1"): CallInfo => ({
  id,
  from: "lead_1",
  fromUserId: 1,
  group: "g",
  target,
  count: 1,
  createdAt: 5_000,
  expiresAt: 25_000,
});

Deno.test("call life: BUY activates buy, sets buy_sell and rings; the expiry makes one auto-done", async () => {
  const h = harness();
  assert.equal(h.life.receive(call("BUY")), true);
  assert.deepEqual(h.log, ["silence", "ring", "useBot buy_sell", "timer 20000"]);
  assert.equal(h.state.activeBuy, true);
  assert.equal(h.state.activeSell, false);
  assert.equal(h.state.callId, "c1");
  // The notice counts down the call's 20 s from now.
  assert.deepEqual(h.state.notice, {
    callId: "c1",
    from: "lead_1",
    ringOnly: false,
    endsAt: 1_020_000,
    keepsMode: false,
  });
  // The same call again (a duplicate delivery) changes nothing.
  h.life.receive(call("BUY"));
  assert.equal(h.jobs.size, 1);

  h.log.length = 0;
  await h.expire();
  assert.deepEqual(h.log, ["silence", "done c1"]);
  assert.equal(h.state.activeBuy, false);
  assert.equal(h.state.notice, null);
  assert.equal(h.state.callId, null);
});

Deno.test("call life: a purchase during the call suppresses that one auto-done", async () => {
  const h = harness();
  h.life.receive(call("SELL_ONLY"));
  assert.equal(h.state.activeSell, true);
  h.state.justBought = true;
  await h.expire();
  assert.ok(!h.log.some((l) => l.startsWith("done")));
  assert.equal(h.state.justBought, false, "the flag is cleared when the expiry is skipped");
  h.life.receive(call("SELL_ONLY", "c2"));
  await h.expire();
  assert.ok(h.log.includes("done c2"));
});

Deno.test("call life: RING_ONLY rings with the sheet notice, activates nothing, makes no done", async () => {
  const h = harness();
  h.life.receive(call("RING_ONLY"));
  assert.deepEqual(h.state.notice, {
    callId: "c1",
    from: "lead_1",
    ringOnly: true,
    endsAt: 1_020_000,
    keepsMode: false,
  });
  assert.equal(h.state.activeBuy || h.state.activeSell, false);
  assert.equal(h.state.callId, null);
  assert.ok(!h.log.some((l) => l.startsWith("useBot")));
  await h.expire();
  assert.ok(!h.log.some((l) => l.startsWith("done")));
  assert.equal(h.log.at(-1), "silence");
});

Deno.test("call life: another pair's call is ignored; the own pair and ALL activate both", () => {
  const h = harness("eth_usdt");
  assert.equal(h.life.receive(call("btc_usdt")), false);
  assert.equal(h.log.length, 0);
  assert.equal(h.life.receive(call("eth_usdt")), true);
  assert.equal(h.state.activeBuy && h.state.activeSell, true);
  assert.ok(!h.log.some((l) => l.startsWith("useBot")), "a pair call keeps the bot mode");
  assert.equal(h.state.notice?.keepsMode, true, "and its notice says which side that opens");
  assert.equal(h.life.receive(call("ALL", "c2")), true);
  assert.equal(h.jobs.size, 1, "the newer call replaced the first");
});

Deno.test("call life: a call learnt late keeps its own end, and an ended one is ignored", () => {
  const h = harness();
  const late = { ...call("BUY"), createdAt: 990_000, expiresAt: 1_010_000 };
  assert.equal(h.life.receive(late, true), true);
  assert.ok(h.log.includes("timer 10000"));
  const over = { ...call("BUY", "c2"), createdAt: 900_000, expiresAt: 920_000 };
  assert.equal(h.life.receive(over, true), false);
});

Deno.test("done payload: buy and sell prices follow the bot mode and spread", () => {
  const user = { id: 7, useBot: "buy_sell" as const, spread: "1.5", tradingAmount: "100" };
  assert.deepEqual(donePayload(user, "btc_usdt", "50000", "c1"), {
    marketPrice: "50000",
    pair: "btc_usdt",
    amount: "100",
    buyPrice: "50000.00000000",
    sellPrice: "50750.00000000",
    userId: 7,
    quantity: "0.00200000",
    callId: "c1",
  });
  const seller = { ...user, useBot: "sell_buy" as const };
  const p = donePayload(seller, "btc_usdt", "50000", "c1");
  assert.equal(p.buyPrice, "49250.00000000");
  assert.equal(p.sellPrice, "50000.00000000");
});
