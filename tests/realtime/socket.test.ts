import assert from "node:assert/strict";
import { hashPassword } from "../../server/auth/password.ts";
import { users } from "../../server/db/schema.ts";
import { testUniqueId } from "../support/unique-ids.ts";
import { makeTestApp, TEST_PASSWORD_COST } from "../support/test-app.ts";
import { setGroup } from "../api/transactions-fixtures.ts";
import { closeAll, serve, signIn, TestSocket } from "./support.ts";

const upgrade = { upgrade: "websocket", connection: "Upgrade" };

Deno.test("socket: a bad, revoked or enrolment-only token gets 401 before any upgrade", async () => {
  const t = await makeTestApp();
  try {
    const u = await t.user("User");
    const status = async (token: string) =>
      (await t.app.request(`/api/socket?token=${token}`, { headers: upgrade })).status;
    assert.equal(await status(""), 401);
    assert.equal(await status("f".repeat(64)), 401);
    assert.equal(await status("not-hex"), 401);

    await t.deps.db.insert(users).values({
      username: "enrolling",
      email: "enrolling@example.com",
      passwordHash: await hashPassword("password1", TEST_PASSWORD_COST),
      uniqueId: testUniqueId(),
    });
    const login = await t.call("POST", "/api/users/login", {
      body: { username: "enrolling", password: "password1" },
    });
    const enrol = await login.json();
    assert.equal(enrol.generateSecret, true);
    assert.equal(await status(enrol.token), 401);

    // A valid token without an upgrade request is told what the endpoint expects.
    const plain = await t.app.request(`/api/socket?token=${u.token}`);
    assert.equal(plain.status, 426);

    assert.equal((await t.call("POST", "/api/users/logout", { token: u.token })).status, 200);
    assert.equal(await status(u.token), 401);
  } finally {
    await t.close();
  }
});

Deno.test("socket: a valid token connects over a real socket; a bad one is refused", async () => {
  const t = await makeTestApp();
  const served = await serve(t.app);
  const sockets: TestSocket[] = [];
  try {
    const u = await t.user("User");
    const socket = await TestSocket.join(served, u.token, "gate");
    sockets.push(socket);
    assert.deepEqual(socket.received[0], { type: "joined", group: "default", exchange: "gate" });
    await assert.rejects(TestSocket.open(served.socketUrl("0".repeat(64))), /Socket refused/);
  } finally {
    await closeAll(t, served, sockets);
  }
});

Deno.test("socket: logout, a password change and deletion each log the open socket out", async () => {
  const t = await makeTestApp();
  const served = await serve(t.app);
  const sockets: TestSocket[] = [];
  try {
    const admin = await t.user("Admin");
    const u = await t.user("User");
    const first = await TestSocket.join(served, u.token);
    const second = await TestSocket.join(served, await signIn(t, u, u.password));
    sockets.push(first, second);

    // Logging out one session ends that session's socket only.
    await t.call("POST", "/api/users/logout", { token: u.token });
    assert.deepEqual(await first.next("logout"), {
      type: "logout",
      reason: "Session ended",
      code: "socket.sessionEnded",
    });
    assert.equal((await first.closed).code, 4001);
    second.send({ type: "JoinGroup" });
    await second.next("joined");
    await second.next("price");

    const changed = await t.call("POST", "/api/users/change-password", {
      token: await signIn(t, u, u.password),
      body: { oldPassword: u.password, newPassword: "password2", confirmNewPassword: "password2" },
    });
    assert.equal(changed.status, 200, await changed.text());
    await second.next("logout");

    const third = await TestSocket.join(served, await signIn(t, u, "password2"));
    sockets.push(third);
    const deleted = await t.call("DELETE", `/api/users/${u.id}`, { token: admin.token });
    assert.equal(deleted.status, 200, await deleted.text());
    await third.next("logout");
    assert.equal((await third.closed).code, 4001);
  } finally {
    await closeAll(t, served, sockets);
  }
});

Deno.test("socket: the sweep logs out a socket whose session expired", async () => {
  const t = await makeTestApp({ SESSION_TTL_HOURS: 1 });
  const served = await serve(t.app);
  const sockets: TestSocket[] = [];
  try {
    const u = await t.user("User");
    const socket = await TestSocket.join(served, u.token);
    sockets.push(socket);
    await t.deps.realtime!.hub.sweep();
    socket.send({ type: "JoinGroup" });
    await socket.next("joined");
    await socket.next("price");
    t.clock.advance(3600_000);
    await t.deps.realtime!.hub.sweep();
    await socket.next("logout");
  } finally {
    await closeAll(t, served, sockets);
  }
});

Deno.test("socket: BUY_ERROR and SELL_ERROR reach only their user", async () => {
  const t = await makeTestApp();
  const served = await serve(t.app);
  const sockets: TestSocket[] = [];
  try {
    const a = await t.user("User");
    const b = await t.user("User");
    const sa = await TestSocket.join(served, a.token);
    const sb = await TestSocket.join(served, b.token);
    sockets.push(sa, sb);
    t.deps.onTradeError!(a.id, { action: "BUY", transactionId: 7, message: "Insufficient USDT" });
    assert.deepEqual(await sa.next("BUY_ERROR"), {
      type: "BUY_ERROR",
      action: "BUY",
      transactionId: 7,
      message: "Insufficient USDT",
    });
    // b's first message is its own error: a's never reached it.
    t.deps.onTradeError!(b.id, { action: "SELL", transactionId: 8, message: "Order rejected" });
    assert.equal((await sb.next("SELL_ERROR")).transactionId, 8);
    await sa.nothingFor(100);
  } finally {
    await closeAll(t, served, sockets);
  }
});

Deno.test("socket: transaction-changed reaches the owner and Admins, not other Users", async () => {
  const t = await makeTestApp();
  const served = await serve(t.app);
  const sockets: TestSocket[] = [];
  try {
    const owner = await t.user("User");
    const other = await t.user("User");
    const admin = await t.user("Admin");
    const [so, sx, sa] = await Promise.all(
      [owner, other, admin].map((u) => TestSocket.join(served, u.token)),
    );
    sockets.push(so, sx, sa);
    const tx = {
      id: 41,
      userId: owner.id,
      status: "BUY",
      pair: "btc_usdt",
      // Every change also asks the call board whether the row answers a call: it reads the time.
      createdAt: new Date().toISOString(),
    };
    // deno-lint-ignore no-explicit-any
    t.deps.onTransactionChanged!(tx as any);
    const { createdAt: _, ...ref } = tx;
    const expected = { type: "transaction-changed", transaction: ref };
    assert.deepEqual(await so.next("transaction-changed"), expected);
    assert.deepEqual(await sa.next("transaction-changed"), expected);
    await sx.nothingFor(100);
  } finally {
    await closeAll(t, served, sockets);
  }
});

Deno.test("socket: active-buy is relayed to the rest of the group as receive-active-buy", async () => {
  const t = await makeTestApp();
  const served = await serve(t.app);
  const sockets: TestSocket[] = [];
  try {
    const a = await t.user("User");
    const b = await t.user("User");
    const c = await t.user("User");
    await setGroup(t, a.id, "alpha");
    await setGroup(t, b.id, "alpha");
    await setGroup(t, c.id, "beta");
    const [sa, sb, sc] = await Promise.all([a, b, c].map((u) => TestSocket.join(served, u.token)));
    sockets.push(sa, sb, sc);
    sa.send({ type: "active-buy", active: true, userId: 999 });
    assert.deepEqual(await sb.next("receive-active-buy"), {
      type: "receive-active-buy",
      userId: a.id,
      username: a.username,
      active: true,
    });
    await sc.nothingFor(100);
    await sa.nothingFor(0);
    // Garbage and unknown frames are ignored; the socket stays usable.
    sa.send("not json");
    sa.send({ type: "call", target: "BUY" });
    sa.send({ type: "JoinGroup" });
    await sa.next("joined");
  } finally {
    await closeAll(t, served, sockets);
  }
});

Deno.test("socket: JoinGroup takes a group change from the account, not from the client", async () => {
  const t = await makeTestApp();
  const served = await serve(t.app);
  const sockets: TestSocket[] = [];
  try {
    const u = await t.user("User");
    const socket = await TestSocket.join(served, u.token);
    sockets.push(socket);
    await setGroup(t, u.id, "night");
    socket.send({ type: "JoinGroup", group: "day", exchange: "binance" });
    assert.deepEqual(await socket.next("joined"), {
      type: "joined",
      group: "night",
      exchange: "binance",
    });
  } finally {
    await closeAll(t, served, sockets);
  }
});
