// The web client's socket (web/src/realtime/client.ts) against the real server.
import assert from "node:assert/strict";
import type { ServerMessage } from "../../server/realtime/protocol.ts";
import { RealtimeClient } from "../../web/src/realtime/client.ts";
import { makeTestApp } from "../support/test-app.ts";
import { serve, until } from "./support.ts";

Deno.test("client socket: joins with its exchange, rejoins after a drop, stops on logout", async () => {
  const t = await makeTestApp();
  const served = await serve(t.app);
  const hub = t.deps.realtime!.hub;
  const received: ServerMessage[] = [];
  const statuses: boolean[] = [];
  let exchange: "binance" | "gate" = "gate";
  let loggedOut = 0;
  const stopping: string[] = [];
  const u = await t.user("User");
  const client = new RealtimeClient({
    url: served.socketUrl(u.token),
    exchange: () => exchange,
    onMessage: (m) => received.push(m),
    onStatus: (s) => statuses.push(s),
    onLogout: () => loggedOut++,
    onServerStopping: (reason) => stopping.push(reason),
    backoff: { minMs: 10, maxMs: 40 },
  });
  try {
    client.start();
    await until(() => received.some((m) => m.type === "joined"), 3000, "the join");
    assert.deepEqual(received[0], { type: "joined", group: "default", exchange: "gate" });
    assert.deepEqual(statuses, [true]);

    exchange = "binance";
    client.join();
    await until(() => received.filter((m) => m.type === "joined").length === 2, 3000, "rejoin");
    assert.equal([...hub.connections.all][0].exchange, "binance");

    // The server drops every socket (a restart): the client comes back and joins again.
    hub.closeAll();
    await until(() => received.filter((m) => m.type === "joined").length === 3, 3000, "reconnect");
    assert.deepEqual(statuses, [true, true, false, true]);
    assert.deepEqual(
      stopping,
      ["socket.serverStopping"],
      "the server's reason (a message code) reaches the client",
    );

    // A logout ends it for good.
    await t.call("POST", "/api/users/logout", { token: u.token });
    await until(() => loggedOut === 1, 3000, "the logout");
    assert.equal(received.at(-1)?.type, "logout");
    await new Promise((r) => setTimeout(r, 100));
    assert.equal(hub.connections.all.size, 0, "no reconnect after a logout");
  } finally {
    client.stop();
    await served.close();
    await t.close();
  }
});
