import assert from "node:assert/strict";
import { callEffect } from "../../server/calls/target.shared.ts";
import { createMemoryBus, encodeBusEvent } from "../../server/realtime/bus.ts";
import { parseClientMessage } from "../../server/realtime/client-message.shared.ts";

Deno.test("callEffect: each fixed target sets its bot mode and button (docs/calls.md#targets)", () => {
  assert.deepEqual(callEffect("BUY", "btc_usdt"), {
    ringOnly: false,
    useBot: "buy_sell",
    buy: true,
    sell: false,
  });
  assert.deepEqual(callEffect("SELL", "btc_usdt"), {
    ringOnly: false,
    useBot: "sell_buy",
    buy: false,
    sell: true,
  });
  assert.equal(callEffect("BUY_ONLY", "x")?.useBot, "only_buy");
  assert.equal(callEffect("SELL_ONLY", "x")?.useBot, "only_sell");
  assert.deepEqual(callEffect("RING_ONLY", "x"), { ringOnly: true, buy: false, sell: false });
});

Deno.test("callEffect: ALL and the receiver's own pair activate both buttons; others are ignored", () => {
  assert.deepEqual(callEffect("ALL", "eth_usdt"), { ringOnly: false, buy: true, sell: true });
  assert.deepEqual(callEffect("eth_usdt", "eth_usdt"), { ringOnly: false, buy: true, sell: true });
  assert.deepEqual(callEffect("ETH_USDT", "eth_usdt")?.buy, true);
  assert.equal(callEffect("btc_usdt", "eth_usdt"), null);
  assert.equal(callEffect("buy", "eth_usdt"), null, "targets are exact codes");
  assert.equal(callEffect("", "eth_usdt"), null);
});

Deno.test("parseClientMessage: only the two client messages pass, with their fields checked", () => {
  assert.deepEqual(parseClientMessage('{"type":"JoinGroup"}'), { type: "JoinGroup" });
  assert.deepEqual(parseClientMessage('{"type":"JoinGroup","exchange":"gate","group":"x"}'), {
    type: "JoinGroup",
    exchange: "gate",
  });
  assert.deepEqual(parseClientMessage('{"type":"active-buy","active":false}'), {
    type: "active-buy",
    active: false,
  });
  for (
    const bad of [
      "nope",
      "null",
      '{"type":"JoinGroup","exchange":"houbi"}',
      '{"type":"active-buy"}',
      '{"type":"call","target":"BUY"}',
    ]
  ) assert.equal(parseClientMessage(bad), null, bad);
});

Deno.test("bus: an event past PostgreSQL's NOTIFY limit is refused before it is sent", async () => {
  const big = {
    kind: "send" as const,
    to: {},
    msg: {
      type: "logout" as const,
      reason: "x".repeat(8000),
      code: "socket.sessionEnded" as const,
    },
  };
  assert.throws(() => encodeBusEvent(big), /too large/);
  const bus = createMemoryBus();
  const heard: unknown[] = [];
  bus.subscribe((e) => heard.push(e));
  await assert.rejects(async () => await bus.publish(big), /too large/);
  await bus.publish({ kind: "revoked", userId: 4 });
  await new Promise((r) => setTimeout(r, 0));
  assert.deepEqual(heard, [{ kind: "revoked", userId: 4 }]);
});
