import assert from "node:assert/strict";
import type { PriceMessage } from "../../server/realtime/protocol.ts";
import { makeTestApp } from "../support/test-app.ts";
import { closeAll, serve, stuckClient, TestSocket, until } from "./support.ts";

Deno.test("slow clients: a client that stops reading is closed and never delays the others", async () => {
  const t = await makeTestApp({ WS_MAX_BUFFERED_BYTES: 256 * 1024 });
  const served = await serve(t.app);
  const sockets: TestSocket[] = [];
  const hub = t.deps.realtime!.hub;
  let stuck: { close(): void } | undefined;
  try {
    const u = await t.user("User");
    const healthy = await TestSocket.join(served, u.token);
    sockets.push(healthy);
    stuck = await stuckClient(served, u.token);
    await until(() => hub.connections.all.size === 2, 3000, "the stuck client to register");

    // 4,000 batches of ~4 KB: ~16 MB per socket, far past what loopback buffers absorb.
    const prices = Object.fromEntries(
      Array.from({ length: 150 }, (_, i) => [`pair_${i}`, "12345.678901"]),
    );
    const started = performance.now();
    for (let i = 0; i < 4000; i++) {
      const msg: PriceMessage = { type: "price", exchange: "binance", prices, at: i };
      hub.pushPrices(msg);
      // Bursts of 10 with a pause between, as a feed ticks: a reading client keeps up.
      if (i % 10 === 9) await new Promise((r) => setTimeout(r, 1));
    }
    await until(() => healthy.received.length >= 4001, 10_000, "the healthy client to get all");
    const elapsed = performance.now() - started;
    assert.equal(hub.counters.slowClosed, 1);
    assert.equal(hub.connections.all.size, 1);
    assert.equal((healthy.received.at(-1) as PriceMessage).at, 3999);
    assert.ok(elapsed < 5000, `healthy client took ${elapsed.toFixed(0)} ms`);
  } finally {
    stuck?.close();
    await closeAll(t, served, sockets);
  }
});

Deno.test("slow clients: a dead client that answers no ping is dropped by the heartbeat", async () => {
  const t = await makeTestApp({ WS_IDLE_TIMEOUT_S: 1 });
  const served = await serve(t.app);
  const hub = t.deps.realtime!.hub;
  let stuck: { close(): void } | undefined;
  try {
    const u = await t.user("User");
    stuck = await stuckClient(served, u.token);
    await until(() => hub.connections.all.size === 1, 3000, "the dead client to register");
    await until(() => hub.connections.all.size === 0, 6000, "the heartbeat to drop it");
  } finally {
    stuck?.close();
    await closeAll(t, served, []);
  }
});
