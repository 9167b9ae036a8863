import assert from "node:assert/strict";
import { makeTestApp } from "../support/test-app.ts";
import { expectStatus, setGroup } from "../api/transactions-fixtures.ts";
import { sendCall } from "../../server/calls/service.ts";
import { closeAll, serve, TestSocket, until } from "./support.ts";
import { eq, sql } from "drizzle-orm";
import { callRecipients, calls, users } from "../../server/db/schema.ts";

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

Deno.test("calls over sockets: a call is written with its lines, page for members with a page shown, only members on a pair call's pair", async () => {
  const t = await makeTestApp();
  const served = await serve(t.app);
  const sockets: TestSocket[] = [];
  try {
    const [lead, shown, away, otherPair, gone] = [
      await t.user("Lead"),
      await t.user("User"),
      await t.user("User"),
      await t.user("User"),
      await t.user("User"),
    ];
    for (const u of [lead, shown, away, gone]) await setGroup(t, u.id, "alpha");
    await setGroup(t, otherPair.id, "alpha", "eth_usdt");
    await t.deps.db.update(users).set({ deletedAt: t.clock.now() }).where(eq(users.id, gone.id));
    sockets.push(await TestSocket.join(served, shown.token));
    await until(() => t.deps.realtime!.hub.isVisible(shown.id), 1000, "the shown page");

    const lines = async (callId: string) =>
      (await t.deps.db.select().from(callRecipients).where(eq(callRecipients.callId, callId))
        .orderBy(callRecipients.userId)).map((l) => [l.userId, l.pair, l.delivery, l.state]);
    const pairsOf = async (callId: string) =>
      (await t.deps.db.select({ pairs: calls.pairs }).from(calls).where(eq(calls.id, callId)))[0]
        .pairs.toSorted();

    // A fixed target concerns every live member but the caller, whatever their pair.
    const all = await expectStatus(t, 201, "POST", "/api/calls", {
      token: lead.token,
      body: { target: "BUY", count: 1 },
    });
    assert.deepEqual(await lines(all.id), [
      [shown.id, "btc_usdt", "page", "notified"],
      [away.id, "btc_usdt", "offline", "notified"],
      [otherPair.id, "eth_usdt", "offline", "notified"],
    ]);
    assert.deepEqual(await pairsOf(all.id), ["btc_usdt", "eth_usdt"]);

    // A pair's call only those on it; the call keeps its pair.
    t.clock.advance(60_000);
    const pair = await expectStatus(t, 201, "POST", "/api/calls", {
      token: lead.token,
      body: { target: "ETH_USDT", count: 1 },
    });
    assert.equal(pair.target, "eth_usdt");
    assert.deepEqual(await lines(pair.id), [[otherPair.id, "eth_usdt", "offline", "notified"]]);
    assert.deepEqual(await pairsOf(pair.id), ["eth_usdt"]);

    // A pair nobody trades: the call is written with no lines.
    t.clock.advance(60_000);
    const none = await expectStatus(t, 201, "POST", "/api/calls", {
      token: lead.token,
      body: { target: "bnb_usdt", count: 1 },
    });
    assert.deepEqual(await lines(none.id), []);
    assert.deepEqual(await pairsOf(none.id), ["bnb_usdt"]);

    // Lines that cannot be written leave no call: none is live without its lines.
    await t.deps.db.execute(sql.raw(`create or replace function refuse_line() returns trigger
      language plpgsql as $$ begin raise exception 'line refused'; end $$`));
    await t.deps.db.execute(sql.raw(`create trigger refuse_line before insert on call_recipients
      for each row execute function refuse_line()`));
    try {
      const before = await t.deps.db.$count(calls);
      const [caller] = await t.deps.db.select().from(users).where(eq(users.id, lead.id));
      await assert.rejects(
        sendCall(t.deps, t.deps.realtime!.hub, caller, { target: "SELL", count: 1 }),
        (err: Error) => String(err.cause).includes("line refused"),
      );
      assert.equal(await t.deps.db.$count(calls), before);
    } finally {
      // Test databases are kept for the next app: leave the schema as it was.
      await t.deps.db.execute(sql.raw("drop trigger refuse_line on call_recipients"));
      await t.deps.db.execute(sql.raw("drop function refuse_line()"));
    }
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
