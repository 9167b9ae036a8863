import assert from "node:assert/strict";
import { totpCode } from "../../server/auth/totp.ts";
import { needsKeys } from "../../server/keys/schema.ts";
import { DEMO_GROUP, seedDemo, serverAnswers } from "../../server/seeds/seed-demo.ts";
import { users } from "../../server/db/schema.ts";
import { makeTestApp, type TestApp } from "../support/test-app.ts";
import { buyBody, expectStatus } from "./transactions-fixtures.ts";

/** First sign-in as a newcomer does it: password, then TOTP enrolment. */
async function signIn(t: TestApp, username: string, password: string) {
  const { token } = await expectStatus(t, 200, "POST", "/api/users/login", {
    body: { username, password },
  });
  const { secret } = await expectStatus(t, 200, "POST", "/api/2fa/generate", { token });
  await expectStatus(t, 200, "POST", "/api/2fa/authenticate", {
    token,
    body: { code: await totpCode(secret, t.clock.now()) },
  });
  return token as string;
}

Deno.test("seed:demo: an empty database gets a SuperAdmin and a desk whose Lead and Users trade at once", async () => {
  const t = await makeTestApp();
  try {
    t.market.sim("binance")!.setPrice("btc_usdt", "60000.00");
    const seeded = await seedDemo(t.deps);
    assert.deepEqual(seeded.map((s) => s.role), ["SuperAdmin", "Admin", "Lead", "User", "User"]);
    const rows = await t.deps.db.select().from(users);
    for (const row of rows.filter((r) => r.role !== "SuperAdmin")) {
      assert.equal(row.group, DEMO_GROUP);
      assert.equal(row.tradingAmount, "100.00000000");
      assert.equal(needsKeys(row), false, row.username);
    }

    const pw = (name: string) => seeded.find((s) => s.username === name)!.password!;
    const lead = await signIn(t, "demo_lead", pw("demo_lead"));
    const user = await signIn(t, "demo_user1", pw("demo_user1"));
    await expectStatus(t, 201, "POST", "/api/transaction", { token: lead, body: buyBody(t) });
    const call = await expectStatus(t, 201, "POST", "/api/calls", {
      token: lead,
      body: { target: "BUY", count: 1 },
    });
    const bought = await expectStatus(t, 201, "POST", "/api/transaction", {
      token: user,
      body: buyBody(t, { callId: call.id }),
    });
    assert.equal(bought.transaction.adapter, "paper");

    // Run again: nothing is duplicated, existing users are left as they are.
    const again = await seedDemo(t.deps);
    assert.ok(again.every((s) => s.password === null));
    assert.equal((await t.deps.db.select().from(users)).length, rows.length);
  } finally {
    await t.close();
  }
});

Deno.test("seed:demo: serverAnswers() tells a running server on the port from none", async () => {
  const server = Deno.serve(
    { port: 0, hostname: "127.0.0.1", onListen: () => {} },
    () => Response.json({ ok: true }),
  );
  try {
    assert.equal(await serverAnswers(server.addr.port), true);
  } finally {
    await server.shutdown();
  }
  assert.equal(await serverAnswers(server.addr.port), false);
});
