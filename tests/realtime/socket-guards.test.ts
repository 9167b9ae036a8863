import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { sha256Hex } from "../../server/core/hex.ts";
import { sessions } from "../../server/db/schema.ts";
import { makeTestApp } from "../support/test-app.ts";
import { closeAll, RawSocket, serve, type Served, TestSocket, until } from "./support.ts";

const upgrade = { upgrade: "websocket", connection: "Upgrade" };

Deno.test("socket: a page of another origin is refused before the upgrade", async () => {
  const t = await makeTestApp({ PUBLIC_ORIGINS: "https://gatebot.example.com" });
  try {
    const u = await t.user("User");
    const status = async (origin: string) =>
      (await t.app.request(`/api/socket?token=${u.token}`, { headers: { ...upgrade, origin } }))
        .status;
    assert.equal(await status("https://evil.example"), 403);
    assert.equal(await status("http://gatebot.example.com"), 403);
  } finally {
    await t.close();
  }
  const own = await makeTestApp();
  try {
    const u = await own.user("User");
    const res = await own.app.request(`http://localhost/api/socket?token=${u.token}`, {
      headers: { ...upgrade, origin: "http://evil.example" },
    });
    assert.equal(res.status, 403);
    assert.match((await res.json()).message, /Origin not allowed/);
  } finally {
    await own.close();
  }
});

Deno.test("socket: a user's sockets are capped; a further one is refused", async () => {
  const t = await makeTestApp({ WS_MAX_PER_USER: 2 });
  const served = await serve(t.app);
  const sockets: TestSocket[] = [];
  try {
    const u = await t.user("User");
    sockets.push(await TestSocket.join(served, u.token), await TestSocket.join(served, u.token));
    await assert.rejects(TestSocket.open(served.socketUrl(u.token)), /Socket refused/);
    const other = await t.user("User");
    sockets.push(await TestSocket.join(served, other.token));
    // One closed frees a place.
    sockets.shift()!.ws.close();
    await until(() => t.deps.realtime!.hub.connections.byUser.get(u.id).size === 1);
    sockets.push(await TestSocket.join(served, u.token));
  } finally {
    await closeAll(t, served, sockets);
  }
});

Deno.test("socket: a session's expiry logs its socket out at once, not at the sweep", async () => {
  const t = await makeTestApp({ SESSION_CACHE_MS: 0 });
  const served = await serve(t.app);
  const sockets: TestSocket[] = [];
  try {
    const u = await t.user("User");
    await t.deps.db.update(sessions)
      .set({ expiresAt: new Date(t.clock.now().getTime() + 300) })
      .where(eq(sessions.id, await sha256Hex(u.token)));
    const socket = await TestSocket.join(served, u.token);
    sockets.push(socket);
    const started = performance.now();
    assert.equal((await socket.next("logout")).reason, "Session expired");
    assert.ok(performance.now() - started < 5_000);
    await socket.closed;
  } finally {
    await closeAll(t, served, sockets);
  }
});

Deno.test("socket: a small binary frame closes the socket as unsupported; any frame over 4 KiB as too big", async () => {
  const t = await makeTestApp();
  const served = await serve(t.app);
  const sockets: TestSocket[] = [];
  try {
    const u = await t.user("User");
    const frames: [Uint8Array<ArrayBuffer> | string, number, string][] = [
      [new Uint8Array(16), 1003, "socket.binaryRefused"],
      // Past 12 KiB the server's door closes it as its length is read (connection-guard.ts).
      [new Uint8Array(1024 * 1024), 1009, "socket.frameTooLarge"],
      ["x".repeat(5000), 1009, "socket.frameTooLarge"],
      ["x".repeat(20_000), 1009, "socket.frameTooLarge"],
    ];
    for (const [frame, code, reason] of frames) {
      const socket = await TestSocket.join(served, u.token);
      sockets.push(socket);
      socket.ws.send(frame);
      const closed = await socket.closed;
      assert.equal(closed.code, code);
      assert.equal(closed.reason, reason);
    }
    await until(() => t.deps.realtime!.hub.connections.all.size === 0);
  } finally {
    await closeAll(t, served, sockets);
  }
});

/** Opens `n` sockets at once; the ones the server accepted, and how many it refused. */
async function openAtOnce(served: Served, tokens: string[]) {
  const tried = await Promise.allSettled(tokens.map((t) => TestSocket.open(served.socketUrl(t))));
  const open = tried.flatMap((r) => r.status === "fulfilled" ? [r.value] : []);
  return { open, refused: tried.length - open.length };
}

Deno.test("socket: 30 parallel upgrades with one token open exactly the per-user cap", async () => {
  const t = await makeTestApp({ WS_MAX_PER_USER: 10 });
  const served = await serve(t.app);
  const sockets: TestSocket[] = [];
  try {
    const u = await t.user("User");
    const { open, refused } = await openAtOnce(served, Array(30).fill(u.token));
    sockets.push(...open);
    assert.equal(open.length, 10);
    assert.equal(refused, 20);
    // Closing gives the places back.
    await Promise.all(sockets.splice(0).map((s) => s.close()));
    const again = await openAtOnce(served, Array(12).fill(u.token));
    sockets.push(...again.open);
    assert.equal(again.open.length, 10);
  } finally {
    await closeAll(t, served, sockets);
  }
});

Deno.test("socket: one address's sockets are capped over all its users, under parallel upgrades", async () => {
  const t = await makeTestApp({ WS_MAX_PER_USER: 10, WS_MAX_PER_ADDRESS: 4 });
  const served = await serve(t.app);
  const sockets: TestSocket[] = [];
  try {
    const users = [await t.user("User"), await t.user("User"), await t.user("User")];
    const { open, refused } = await openAtOnce(served, users.flatMap((u) => [u.token, u.token]));
    sockets.push(...open);
    assert.equal(open.length, 4);
    assert.equal(refused, 2);
  } finally {
    await closeAll(t, served, sockets);
  }
});

Deno.test("socket: 30 sockets sending 16 MB binary frames are all closed with 1009 within 2 s, and the memory stays", async () => {
  const t = await makeTestApp({ WS_MAX_PER_USER: 30, WS_MAX_PER_ADDRESS: 30 });
  const served = await serve(t.app);
  try {
    const users = [await t.user("User"), await t.user("User"), await t.user("User")];
    const sockets = await Promise.all(
      Array.from({ length: 30 }, (_, i) => RawSocket.open(served, users[i % 3].token)),
    );
    await until(() => t.deps.realtime!.hub.connections.all.size === 30);
    const idle = Deno.memoryUsage().rss;
    const started = performance.now();
    const closes = await Promise.all(sockets.map(async (s) => {
      await s!.send(2, { size: 16 * 1024 * 1024, fill: 0 });
      const closed = await s!.closed;
      const ms = performance.now() - started;
      await s!.close();
      return { ...closed, ms };
    }));
    const ms = Math.max(...closes.map((c) => c.ms));
    assert.ok(ms < 2000, `closed after ${Math.round(ms)} ms`);
    for (const c of closes) assert.deepEqual([c.code, c.reason], [1009, "socket.frameTooLarge"]);
    await until(() => t.deps.realtime!.hub.connections.all.size === 0);
    assert.equal(served.server.counters.framesTooBig, 30);
    const grown = (Deno.memoryUsage().rss - idle) / 1024 / 1024;
    assert.ok(grown < 64, `RSS +${grown.toFixed(0)} MB`);
  } finally {
    await served.close();
    await t.close();
  }
});

Deno.test("socket: a client that never answers the server's close frame is cut 2 s after it, and its place given back", async () => {
  const t = await makeTestApp({ WS_MAX_PER_USER: 1 });
  const served = await serve(t.app);
  try {
    const u = await t.user("User");
    const socket = await RawSocket.open(served, u.token, { answerClose: false });
    await until(() => t.deps.realtime!.hub.connections.all.size === 1);
    const started = performance.now();
    await socket!.send(2, new Uint8Array(3));
    const closed = await socket!.closed;
    const ms = performance.now() - started;
    await socket!.close();
    assert.deepEqual([closed.code, closed.reason], [1003, "socket.binaryRefused"]);
    assert.ok(ms >= 2000 && ms < 3500, `cut after ${Math.round(ms)} ms`);
    assert.equal(served.server.counters.closesUnanswered, 1);
    await until(() => t.deps.realtime!.hub.places.held(`user:${u.id}`) === 0);
    const again = await RawSocket.open(served, u.token);
    assert.ok(again, "the user's one place is free again");
    await again.close();
  } finally {
    await served.close();
    await t.close();
  }
});
