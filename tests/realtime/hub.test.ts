import assert from "node:assert/strict";
import { ManualClock } from "../../server/core/clock.ts";
import type { Db } from "../../server/db/client.ts";
import type { Market } from "../../server/market/feed.shared.ts";
import { createMemoryBus } from "../../server/realtime/bus.ts";
import type { Peer } from "../../server/realtime/connections.ts";
import { Hub } from "../../server/realtime/hub.ts";
import type { PriceMessage, ServerMessage } from "../../server/realtime/protocol.ts";
import { createRelayedMarket } from "../../server/market/relayed-market.ts";
import { startRealtime } from "../../server/realtime/realtime.ts";
import { makeTestApp } from "../support/test-app.ts";
import type { SessionUser } from "../../server/auth/sessions.ts";
import { until } from "./support.ts";

class FakePeer implements Peer {
  sent: ServerMessage[] = [];
  bufferedAmount = 0;
  readyState = 1;
  closedWith?: number;
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close(code?: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
}

const user = (id: number, group: string, role: SessionUser["role"] = "User") =>
  ({ id, username: `u${id}`, role, group, exchange: "binance" }) as SessionUser;

function makeHub(bus = createMemoryBus(), market?: Market) {
  // The paths tested here never touch the database.
  return new Hub({
    db: undefined as unknown as Db,
    clock: new ManualClock(),
    bus,
    maxBufferedBytes: 1000,
    market,
  });
}

Deno.test("hub: a socket over its send buffer is closed as slow while the others still receive", () => {
  const hub = makeHub();
  const fast = new FakePeer();
  const slow = new FakePeer();
  hub.open(fast, { user: user(1, "g"), sessionId: "a" });
  hub.open(slow, { user: user(2, "g"), sessionId: "b" });
  slow.bufferedAmount = 1001;
  const msg: ServerMessage = {
    type: "price",
    exchange: "binance",
    prices: { btc_usdt: "1" },
    at: 0,
  };
  hub.pushPrices(msg);
  hub.pushPrices(msg);
  assert.equal(fast.sent.length, 2);
  assert.equal(slow.sent.length, 0);
  assert.equal(slow.closedWith, 4008);
  assert.equal(hub.counters.slowClosed, 1);
  assert.equal(hub.connections.all.size, 1);
  hub.closeAll();
  assert.equal(fast.closedWith, 1001);
});

Deno.test("hub: delivery by user, group and role skips the excepted users and closed sockets", () => {
  const hub = makeHub();
  const peers = [new FakePeer(), new FakePeer(), new FakePeer(), new FakePeer(), new FakePeer()];
  hub.open(peers[0], { user: user(1, "alpha"), sessionId: "1" });
  hub.open(peers[1], { user: user(2, "alpha"), sessionId: "2" });
  hub.open(peers[2], { user: user(3, "beta", "Admin"), sessionId: "3" });
  hub.open(peers[3], { user: user(4, "beta"), sessionId: "4" });
  hub.open(peers[4], { user: user(5, "alpha"), sessionId: "5" });
  peers[4].readyState = 3;
  const msg: ServerMessage = { type: "logout", reason: "x", code: "socket.sessionEnded" };
  hub.deliver({ groups: ["alpha"], roles: ["Admin"], exceptUsers: [2] }, msg);
  assert.deepEqual(peers.map((p) => p.sent.length), [1, 0, 1, 0, 0]);
  hub.deliver({ users: [4, 4] }, msg);
  assert.deepEqual(peers.map((p) => p.sent.length), [1, 0, 1, 1, 0]);
  assert.equal(hub.connections.all.size, 4, "the closed socket was forgotten");
  hub.closeAll();
});

Deno.test("hub: a client flooding frames has the excess dropped", async () => {
  const hub = makeHub();
  const peer = new FakePeer();
  const conn = hub.open(peer, { user: user(1, "g"), sessionId: "a" });
  for (let i = 0; i < 25; i++) await hub.receive(conn, "{}");
  assert.equal(hub.counters.droppedFrames, 5);
  await hub.receive(conn, "x".repeat(5000));
  assert.equal(peer.closedWith, 1009);
  hub.closeAll();
});

Deno.test("hub: a binary frame of any size closes the socket, before the frame counter", async () => {
  const hub = makeHub();
  for (const data of [new ArrayBuffer(8), new Blob(["x"]), new Uint8Array(70_000)]) {
    const peer = new FakePeer();
    const conn = hub.open(peer, { user: user(1, "g"), sessionId: "a" });
    await hub.receive(conn, data);
    assert.equal(peer.closedWith, 1003);
    assert.equal(hub.connections.all.size, 0);
  }
  hub.closeAll();
});

Deno.test("realtime: an api-only instance's market takes bus prices and pushes them to its sockets; one with feeds ignores them", async () => {
  const t = await makeTestApp();
  const market = createRelayedMarket(t.clock);
  const realtime = await startRealtime({ ...t.deps, market });
  try {
    const peer = new FakePeer();
    realtime.hub.open(peer, { user: user(2, "g"), sessionId: "b" });
    const msg: PriceMessage = {
      type: "price",
      exchange: "binance",
      prices: { btc_usdt: "5" },
      at: 1,
    };
    // The test app's own instance has sim feeds: the same batch on its bus must not move them.
    const own = t.market.feed("binance").price("btc_usdt");
    assert.notEqual(own, "5");
    await t.deps.realtime!.bus.publish({ kind: "prices", msg });
    await realtime.bus.publish({ kind: "prices", msg });
    await until(() => peer.sent.some((m) => m.type === "price"), 500, "the relayed price push");
    assert.equal(market.feed("binance").price("btc_usdt"), "5");
    assert.equal(
      t.market.feed("binance").price("btc_usdt"),
      own,
      "an instance with feeds ignores them",
    );
    const pushed = peer.sent.filter((m) => m.type === "price");
    assert.deepEqual(pushed.map((m) => m.type === "price" && m.prices), [{ btc_usdt: "5" }]);
    peer.close();
  } finally {
    await realtime.close();
    await t.close();
  }
});
