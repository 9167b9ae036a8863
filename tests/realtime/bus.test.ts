// The LISTEN/NOTIFY bus under a burst: every event arrives once, in order, in fewer NOTIFYs than
// events, and no payload passes PostgreSQL's 8000-byte limit. Needs TEST_DATABASE_URL.
import assert from "node:assert/strict";
import postgres from "postgres";
import { type BusEvent, BUSY_GAP_MS, createPostgresBus } from "../../server/realtime/bus.ts";
import { TEST_DATABASE_URL } from "../support/database.ts";
import { until } from "./support.ts";

const CHANNEL = `gatebot_bus_test_${crypto.randomUUID().slice(0, 8)}`;

const event = (i: number, pad = 0): BusEvent => ({
  kind: "send",
  to: { users: [i] },
  msg: { type: "BUY_ERROR", action: "BUY", transactionId: i, message: "x".repeat(pad) },
});

Deno.test({
  name: "bus: a burst of events reaches the other instance once each, in order, batched",
  ignore: !TEST_DATABASE_URL,
  async fn() {
    const clients = [1, 2, 3].map(() => postgres(TEST_DATABASE_URL!, { max: 2, onnotice() {} }));
    const [a, b, raw] = clients;
    try {
      const sender = await createPostgresBus(a, CHANNEL);
      const receiver = await createPostgresBus(b, CHANNEL);
      const heardBySender: BusEvent[] = [];
      const heard: BusEvent[] = [];
      sender.subscribe((e) => heardBySender.push(e));
      receiver.subscribe((e) => heard.push(e));
      const payloads: string[] = [];
      await raw.listen(CHANNEL, (p) => payloads.push(p));

      // 300 small events and 3 of nearly the largest size, published without waiting.
      const events = Array.from({ length: 303 }, (_, i) => event(i, i % 100 === 50 ? 7_600 : 0));
      await Promise.all(events.map((e) => sender.publish(e)));
      await until(() => heard.length >= events.length, 2000, "every event on the receiver");

      assert.deepEqual(heard, events);
      assert.deepEqual(heardBySender, events);
      assert.ok(payloads.length < events.length / 5, `${payloads.length} NOTIFYs`);
      for (const p of payloads) assert.ok(new TextEncoder().encode(p).length < 8000);
      await sender.close();
      await receiver.close();
    } finally {
      await Promise.all(clients.map((c) => c.end()));
    }
  },
});

Deno.test({
  name: "bus: a busy bus sends its NOTIFYs BUSY_GAP_MS apart; an event then waits for the next",
  ignore: !TEST_DATABASE_URL,
  async fn() {
    const clients = [1, 2].map(() => postgres(TEST_DATABASE_URL!, { max: 2, onnotice() {} }));
    const [a, raw] = clients;
    try {
      const channel = `${CHANNEL}_gap`;
      const sender = await createPostgresBus(a, channel);
      const payloads: string[] = [];
      await raw.listen(channel, (p) => payloads.push(p));
      const started = performance.now();
      await sender.publish(event(1));
      await sender.publish(event(2));
      // The second NOTIFY began no sooner than BUSY_GAP_MS after the first.
      assert.ok(performance.now() - started >= BUSY_GAP_MS, `${performance.now() - started} ms`);
      await until(() => payloads.length >= 2, 2000, "both NOTIFYs");
      assert.equal(payloads.length, 2);
      await sender.close();
    } finally {
      await Promise.all(clients.map((c) => c.end()));
    }
  },
});
