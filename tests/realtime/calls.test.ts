import assert from "node:assert/strict";
import { makeTestApp } from "../support/test-app.ts";
import { setGroup } from "../api/transactions-fixtures.ts";
import { closeAll, serve, TestSocket } from "./support.ts";

Deno.test("calls over sockets: a call reaches every member of the caller's group and no one else", async () => {
  const t = await makeTestApp();
  const served = await serve(t.app);
  const sockets: TestSocket[] = [];
  try {
    const lead = await t.user("Lead");
    const lead2 = await t.user("Lead");
    const betaLead = await t.user("Lead");
    const a = await t.user("User");
    const b = await t.user("User");
    const outsider = await t.user("User");
    for (const u of [lead, lead2, a, b]) await setGroup(t, u.id, "alpha");
    for (const u of [betaLead, outsider]) await setGroup(t, u.id, "beta");
    const join = async (token: string) => {
      const s = await TestSocket.join(served, token);
      sockets.push(s);
      return s;
    };
    const [sLead, sLead2, sa, sb1, sb2, sOut] = await Promise.all(
      [lead, lead2, a, b, b, outsider].map((u) => join(u.token)),
    );

    const res = await t.call("POST", "/api/calls", {
      token: lead.token,
      body: { target: "BUY", count: 3 },
    });
    assert.equal(res.status, 201);
    const sent = await res.json();
    for (const s of [sLead2, sa, sb1, sb2]) {
      const { call } = await s.next("call");
      assert.deepEqual(call, sent);
      assert.equal(call.from, lead.username);
      assert.equal(call.target, "BUY");
      assert.equal(call.count, 3);
    }
    // The first message the caller and the outsider get is a later call meant for them: the
    // first call never reached them.
    await t.call("POST", "/api/calls", {
      token: betaLead.token,
      body: { target: "SELL", count: 1 },
    });
    assert.equal((await sOut.next("call")).call.from, betaLead.username);
    await t.call("POST", "/api/calls", {
      token: lead2.token,
      body: { target: "RING_ONLY", count: 1 },
    });
    assert.equal((await sLead.next("call")).call.from, lead2.username);
    assert.equal((await sa.next("call")).call.target, "RING_ONLY");
    await sLead2.nothingFor(50);
  } finally {
    await closeAll(t, served, sockets);
  }
});

Deno.test("calls over sockets: a member who connects late learns the active call over REST", async () => {
  const t = await makeTestApp();
  const served = await serve(t.app);
  const sockets: TestSocket[] = [];
  try {
    const lead = await t.user("Lead");
    const u = await t.user("User");
    const res = await t.call("POST", "/api/calls", {
      token: lead.token,
      body: { target: "btc_usdt", count: 1 },
    });
    const sent = await res.json();
    const s = await TestSocket.join(served, u.token);
    sockets.push(s);
    await s.nothingFor(50);
    const active = await (await t.call("GET", "/api/calls/active", { token: u.token })).json();
    assert.deepEqual(active.call, sent);
  } finally {
    await closeAll(t, served, sockets);
  }
});
