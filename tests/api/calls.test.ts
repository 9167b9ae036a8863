import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { calls } from "../../server/db/schema.ts";
import { makeTestApp } from "../support/test-app.ts";
import { buyBody, expectStatus, giveKeys, setGroup } from "./transactions-fixtures.ts";

Deno.test("calls: a User is refused (403) and nothing is recorded", async () => {
  const t = await makeTestApp();
  try {
    const u = await t.user("User");
    const res = await t.call("POST", "/api/calls", {
      token: u.token,
      body: { target: "BUY", count: 1 },
    });
    assert.equal(res.status, 403);
    assert.equal((await t.deps.db.select().from(calls)).length, 0);
    assert.equal(
      (await t.call("POST", "/api/calls", { body: { target: "BUY", count: 1 } })).status,
      401,
    );
  } finally {
    await t.close();
  }
});

Deno.test("calls: Lead, Admin and SuperAdmin send a call recorded with its 20 s expiry", async () => {
  const t = await makeTestApp();
  try {
    for (const role of ["Lead", "Admin", "SuperAdmin"] as const) {
      const caller = await t.user(role);
      await setGroup(t, caller.id, "alpha");
      const res = await t.call("POST", "/api/calls", {
        token: caller.token,
        body: { target: "SELL_ONLY", count: 10 },
      });
      const text = await res.text();
      assert.equal(res.status, 201, text);
      const call = JSON.parse(text);
      assert.equal(call.from, caller.username);
      assert.equal(call.group, "alpha");
      assert.equal(call.target, "SELL_ONLY");
      assert.equal(call.count, 10);
      assert.equal(call.createdAt, t.clock.now().getTime());
      assert.equal(call.expiresAt - call.createdAt, 20_000);
      const [row] = await t.deps.db.select().from(calls).where(eq(calls.id, call.id));
      assert.equal(row.expiresAt.getTime(), call.expiresAt);
    }
  } finally {
    await t.close();
  }
});

Deno.test("calls: a bad target or count answers 400 and records nothing", async () => {
  const t = await makeTestApp();
  try {
    const lead = await t.user("Lead");
    for (
      const body of [
        { target: "MOON", count: 1 },
        { target: "btc_doge", count: 1 },
        { target: "", count: 1 },
        { target: "BUY", count: 0 },
        { target: "BUY", count: 11 },
        { target: "BUY", count: 1.5 },
        { target: "BUY" },
        {},
      ]
    ) {
      const res = await t.call("POST", "/api/calls", { token: lead.token, body });
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(typeof (await res.json()).message, "string");
    }
    assert.equal((await t.deps.db.select().from(calls)).length, 0);
  } finally {
    await t.close();
  }
});

Deno.test("calls: selector labels and pair codes are stored in their canonical form", async () => {
  const t = await makeTestApp();
  try {
    const lead = await t.user("Lead");
    const send = async (target: string) =>
      (await (await t.call("POST", "/api/calls", {
        token: lead.token,
        body: { target, count: 2 },
      })).json()).target;
    assert.equal(await send("BUY ONLY"), "BUY_ONLY");
    assert.equal(await send("ring_only"), "RING_ONLY");
    assert.equal(await send("BTC_USDT"), "btc_usdt");
    assert.equal(await send("mepad_usdt"), "mepad_usdt");
  } finally {
    await t.close();
  }
});

Deno.test("calls: the trade gate opens for the group during a call and closes at its expiry", async () => {
  const t = await makeTestApp({ CALL_EXPIRY_MS: 20_000 });
  try {
    const lead = await t.user("Lead");
    const member = await t.user("User");
    const outsider = await t.user("User");
    await setGroup(t, lead.id, "alpha");
    await setGroup(t, member.id, "alpha");
    await setGroup(t, outsider.id, "beta");
    const gate = (id: number) => t.deps.callGate!(id);
    assert.equal(await gate(member.id), false);

    const res = await t.call("POST", "/api/calls", {
      token: lead.token,
      body: { target: "BUY", count: 1 },
    });
    const call = await res.json();
    assert.equal(await gate(member.id), true);
    assert.equal(await t.deps.callGate!(member.id, "BUY"), true);
    assert.equal(await t.deps.callGate!(member.id, "SELL"), false, "a BUY call opens BUY only");
    assert.equal(await gate(outsider.id), false);
    assert.equal(await gate(lead.id), false, "a caller is not governed by their own call");

    const active = await (await t.call("GET", "/api/calls/active", { token: member.token })).json();
    assert.equal(active.call.id, call.id);
    assert.deepEqual(active.effect, {
      ringOnly: false,
      useBot: "buy_sell",
      buy: true,
      sell: false,
    });
    const none = await (await t.call("GET", "/api/calls/active", { token: outsider.token })).json();
    assert.deepEqual(none, { call: null, effect: null });

    t.clock.advance(19_999);
    assert.equal(await gate(member.id), true);
    t.clock.advance(1);
    assert.equal(await gate(member.id), false);
  } finally {
    await t.close();
  }
});

Deno.test("calls: RING_ONLY and another pair's call do not open the gate; the newest call rules", async () => {
  const t = await makeTestApp();
  try {
    const lead = await t.user("Lead");
    const member = await t.user("User");
    await setGroup(t, lead.id, "alpha");
    await setGroup(t, member.id, "alpha", "btc_usdt");
    const send = (target: string) =>
      t.call("POST", "/api/calls", { token: lead.token, body: { target, count: 1 } });

    await send("RING_ONLY");
    assert.equal(await t.deps.callGate!(member.id), false);
    t.clock.advance(1000);
    await send("eth_usdt");
    assert.equal(await t.deps.callGate!(member.id), false);
    t.clock.advance(1000);
    await send("btc_usdt");
    assert.equal(await t.deps.callGate!(member.id), true);
    const active = await (await t.call("GET", "/api/calls/active", { token: member.token })).json();
    assert.deepEqual(active.effect, { ringOnly: false, buy: true, sell: true });
    // Switching pair makes the same call one the member ignores.
    await setGroup(t, member.id, "alpha", "eth_usdt");
    assert.equal(await t.deps.callGate!(member.id), false);
  } finally {
    await t.close();
  }
});

Deno.test("calls: on the app as production composes it, a User trades only while a call opens the side", async () => {
  // makeTestApp builds Deps through server/compose.ts, as server/main.ts does: the gate is the
  // real one, not a stand-in.
  const t = await makeTestApp();
  try {
    const lead = await t.user("Lead");
    const member = await t.user("User");
    await giveKeys(t, member.id, "binance");
    for (const u of [lead, member]) await setGroup(t, u.id, "alpha");
    const trade = (status: number, side: "BUY" | "SELL") =>
      expectStatus(t, status, "POST", "/api/transaction", {
        token: member.token,
        body: buyBody(t, { status: side, useBot: side === "BUY" ? "buy_sell" : "sell_buy" }),
      });

    const refused = await trade(403, "BUY");
    assert.equal(refused.message, "BUY is active only during a call");
    await t.call("POST", "/api/calls", { token: lead.token, body: { target: "BUY", count: 1 } });
    await trade(201, "BUY");
    await trade(403, "SELL");
  } finally {
    await t.close();
  }
});
