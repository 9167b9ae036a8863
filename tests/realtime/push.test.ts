// Web Push for calls, against a fake push service on 127.0.0.1 that enforces the protocol's rules:
// the payload is decrypted here with the subscription's keys, as the browser would.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import webpush from "web-push";
import { pushSubscriptions } from "../../server/db/schema.ts";
import { pushCall } from "../../server/push/send.ts";
import type { CallInfo } from "../../server/realtime/protocol.ts";
import { expectStatus, setGroup } from "../api/transactions-fixtures.ts";
import { browserKeys, decryptPush, startFakePushService } from "../fakes/fake-push-service.ts";
import { TEST_DATABASE_URL } from "../support/database.ts";
import { secondInstance } from "../support/second-instance.ts";
import { makeTestApp, type TestApp, type TestUser } from "../support/test-app.ts";
import { serve, TestSocket, until } from "./support.ts";

async function setup() {
  const t = await makeTestApp({}, {
    vapid: { ...webpush.generateVAPIDKeys(), subject: "mailto:desk@example.com" },
  });
  const service = startFakePushService();
  const lead = await t.user("Lead", "push_lead");
  const user = await t.user("User", "push_user");
  for (const u of [lead, user]) await setGroup(t, u.id, "alpha");
  return { t, service, lead, user };
}

/** Subscribes a device of `u` as a browser would: its own keys, the server's VAPID public key. */
async function device(
  t: TestApp,
  service: ReturnType<typeof startFakePushService>,
  u: TestUser,
  lang = "en",
) {
  const { publicKey } = await expectStatus(t, 200, "GET", "/api/push/public-key", {
    token: u.token,
  });
  const ua = await browserKeys();
  const endpoint = service.subscribe(publicKey);
  await expectStatus(t, 201, "POST", "/api/push/subscriptions", {
    token: u.token,
    body: { endpoint, keys: ua.keys, lang },
  });
  return { ua, endpoint };
}

const sendCall = (t: TestApp, lead: TestUser, target = "BUY") =>
  expectStatus(t, 201, "POST", "/api/calls", { token: lead.token, body: { target, count: 1 } });

Deno.test("push: a call reaches a member's devices encrypted, with TTL = time left and urgency high", async () => {
  const { t, service, lead, user } = await setup();
  try {
    const phone = await device(t, service, user);
    const laptop = await device(t, service, user, "fr");
    const call: CallInfo = await sendCall(t, lead);
    await until(() => service.received.length === 2, 5000, "both devices' pushes");

    const byEndpoint = (d: { endpoint: string }) =>
      service.received.find((r) => d.endpoint.endsWith(r.id))!;
    const got = byEndpoint(phone);
    assert.equal(got.headers["ttl"], "20");
    assert.equal(got.headers["urgency"], "high");
    assert.equal(got.headers["content-encoding"], "aes128gcm");
    assert.deepEqual(JSON.parse(await decryptPush(phone.ua, got.body)), {
      type: "call",
      callId: call.id,
      title: "push_lead CALLING",
      body: "BUY · 20 s left",
      url: "/dashboard",
      expiresAt: call.expiresAt,
    });
    const fr = JSON.parse(await decryptPush(laptop.ua, byEndpoint(laptop).body));
    assert.equal(fr.title, "push_lead APPELLE");
    assert.equal(fr.body, "BUY · 20 s restantes");
  } finally {
    await service.close();
    await t.close();
  }
});

Deno.test("push: a 410 from the push service removes the subscription; the TTL is what is left", async () => {
  const { t, service, lead, user } = await setup();
  try {
    // Pushed here, not by the route, to read the outcome.
    t.deps.onCallSent = () => {};
    const phone = await device(t, service, user);
    service.expire(phone.endpoint);
    const call: CallInfo = await sendCall(t, lead);
    t.clock.advance(7_500);
    const outcome = await pushCall(t.deps, call, () => false);
    assert.deepEqual(outcome, { sent: 0, removed: 1, failed: 0, pushedUserIds: [] });
    assert.equal((await t.deps.db.select().from(pushSubscriptions)).length, 0);

    const again = await device(t, service, user);
    await pushCall(t.deps, call, () => false);
    const got = service.received.find((r) => again.endpoint.endsWith(r.id))!;
    assert.equal(got.headers["ttl"], "12");
    t.clock.advance(13_000);
    assert.deepEqual(await pushCall(t.deps, call, () => false), {
      sent: 0,
      removed: 0,
      failed: 0,
      pushedUserIds: [],
    });
  } finally {
    await service.close();
    await t.close();
  }
});

Deno.test("push: nothing goes to a user whose page is shown; a hidden page gets the push", async () => {
  const { t, service, lead, user } = await setup();
  const served = await serve(t.app);
  const socket = await TestSocket.join(served, user.token);
  try {
    await device(t, service, user);
    await sendCall(t, lead);
    await socket.next("call");
    assert.equal(service.received.length, 0);

    socket.send({ type: "visibility", visible: false });
    await until(() => !t.deps.realtime!.hub.isVisible(user.id), 1000, "the hidden page");
    await sendCall(t, lead, "SELL");
    await until(() => service.received.length === 1, 5000, "the push to the hidden page's user");
  } finally {
    await socket.close();
    await served.close();
    await service.close();
    await t.close();
  }
});

Deno.test("push: settings choose the call kinds and quiet hours; bad settings are a 400", async () => {
  const { t, service, lead, user } = await setup();
  try {
    await device(t, service, user);
    const save = (body: Record<string, unknown>) =>
      expectStatus(t, 200, "PUT", "/api/push/settings", { token: user.token, body });
    const defaults = await expectStatus(t, 200, "GET", "/api/push/settings", { token: user.token });
    assert.deepEqual(defaults.targets, [
      "BUY",
      "SELL",
      "BUY_ONLY",
      "SELL_ONLY",
      "RING_ONLY",
      "PAIR",
    ]);

    await save({ targets: ["SELL"], quietStart: null, quietEnd: null, timeZone: "UTC" });
    const buy: CallInfo = await sendCall(t, lead, "BUY");
    assert.equal((await pushCall(t.deps, buy, () => false)).sent, 0);
    const sell: CallInfo = await sendCall(t, lead, "SELL");
    assert.equal((await pushCall(t.deps, sell, () => false)).sent, 1);

    // 12:00 UTC is 13:00 in Rome: inside 12:30-08:00 (past midnight) there.
    await save({
      targets: ["SELL"],
      quietStart: "12:30",
      quietEnd: "08:00",
      timeZone: "Europe/Rome",
    });
    assert.equal((await pushCall(t.deps, sell, () => false)).sent, 0);
    await save({
      targets: ["SELL"],
      quietStart: "14:00",
      quietEnd: "08:00",
      timeZone: "Europe/Rome",
    });
    assert.equal((await pushCall(t.deps, sell, () => false)).sent, 1);

    for (
      const [body, field] of [
        [{ targets: ["MOON"], quietStart: null, quietEnd: null, timeZone: "UTC" }, "targets.0"],
        [{ targets: [], quietStart: "25:00", quietEnd: "08:00", timeZone: "UTC" }, "quietStart"],
        [{ targets: [], quietStart: "22:00", quietEnd: null, timeZone: "UTC" }, "quietEnd"],
        [{ targets: [], quietStart: null, quietEnd: null, timeZone: "Mars/Olympus" }, "timeZone"],
      ] as const
    ) {
      const res = await expectStatus(t, 400, "PUT", "/api/push/settings", {
        token: user.token,
        body,
      });
      assert.equal(res.field, field);
    }
    const bad = await expectStatus(t, 400, "POST", "/api/push/subscriptions", {
      token: user.token,
      body: { endpoint: "http://push.example.com/x", keys: (await browserKeys()).keys },
    });
    assert.equal(bad.field, "endpoint");
    await expectStatus(t, 401, "GET", "/api/push/settings", {});
  } finally {
    await service.close();
    await t.close();
  }
});

Deno.test("push: unsubscribing a device stops its pushes; a user removes only their own", async () => {
  const { t, service, lead, user } = await setup();
  try {
    const phone = await device(t, service, user);
    await expectStatus(t, 200, "POST", "/api/push/subscriptions/remove", {
      token: lead.token,
      body: { endpoint: phone.endpoint },
    });
    assert.equal((await t.deps.db.select().from(pushSubscriptions)).length, 1);
    const res = await expectStatus(t, 200, "POST", "/api/push/subscriptions/remove", {
      token: user.token,
      body: { endpoint: phone.endpoint },
    });
    assert.equal(res.devices, 0);
    const rows = await t.deps.db.select().from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, phone.endpoint));
    assert.equal(rows.length, 0);
  } finally {
    await service.close();
    await t.close();
  }
});

Deno.test({
  name: "push: a page shown through another instance counts: no push until it is hidden",
  ignore: !TEST_DATABASE_URL,
  async fn() {
    const { t, service, lead, user } = await setup();
    const other = await secondInstance(t);
    const served = await serve(other.app);
    const socket = await TestSocket.join(served, user.token);
    try {
      await device(t, service, user);
      const hubA = t.deps.realtime!.hub;
      await until(() => hubA.isVisible(user.id), 2000, "B's shown page to reach A");
      await sendCall(t, lead);
      await socket.next("call");
      assert.equal(service.received.length, 0);

      socket.send({ type: "visibility", visible: false });
      await until(() => !hubA.isVisible(user.id), 2000, "the hidden page to reach A");
      await sendCall(t, lead, "SELL");
      await until(() => service.received.length === 1, 5000, "the push");
    } finally {
      await socket.close();
      await served.close();
      await other.close();
      await service.close();
      await t.close();
    }
  },
});
