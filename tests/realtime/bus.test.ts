// The LISTEN/NOTIFY bus under a burst: every event arrives once, in order, in fewer NOTIFYs than
// events, and no payload passes PostgreSQL's 8000-byte limit. Needs TEST_DATABASE_URL.
import assert from "node:assert/strict";
import postgres from "postgres";
import { type BusEvent, createPostgresBus } from "../../server/realtime/bus.ts";
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
