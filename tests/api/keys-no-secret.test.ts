import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { calls, users } from "../../server/db/schema.ts";
import { encryptForTransport } from "../../server/keys/transport-crypto.shared.ts";
import { makeTestApp } from "../support/test-app.ts";
import { buyBody } from "./transactions-fixtures.ts";

const KEY = "plainKeyAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
const SECRET = "plainSecretBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB";

Deno.test("no route of transactions, summaries or keys answers a key, a secret or its sealed form", async () => {
  const t = await makeTestApp();
  try {
    const admin = await t.user("SuperAdmin");
    const { hash } = await (await t.call("GET", "/api/Summaries/hash", { token: admin.token }))
      .json();
    const bodies: string[] = [];
    const send = async (method: string, path: string, body?: unknown) => {
      const res = await t.call(method, path, { token: admin.token, body });
      const text = await res.text();
      assert.ok(res.status < 500, `${method} ${path}: ${res.status} ${text}`);
      bodies.push(text);
      return JSON.parse(text);
    };
    const fields: Record<string, string> = {};
    for (const f of ["binanceKey", "gateKeyV4", "gateKeyV2", "houbiKey"]) {
      fields[f] = await encryptForTransport(hash, KEY);
    }
    for (const f of ["binanceSecret", "gateSecretV4", "houbiSecret"]) {
      fields[f] = await encryptForTransport(hash, SECRET);
    }
    await send("PATCH", "/api/users/update-bot-key", { ...fields, hash });
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, admin.id));
    const sealed = [row.binanceKey!, row.binanceSecret!, row.gateSecretV4!, row.houbiSecret!];

    const now = t.clock.now();
    await t.deps.db.insert(calls).values({
      id: "c1",
      fromUserId: admin.id,
      fromUsername: admin.username,
      group: "default",
      target: "BUY",
      count: 1,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 20_000),
    });
    // The create payload's key and secret fields are accepted and ignored, never echoed.
    const created = await send("POST", "/api/transaction", {
      ...buyBody(t),
      key: fields.binanceKey,
      secret: fields.binanceSecret,
      hash,
      callId: "c1",
    });
    const id = created.transaction.id;
    await send("POST", "/api/transaction", buyBody(t, { marketPrice: "1" }));
    await send("GET", "/api/transaction?viewAll=true");
    await send("GET", "/api/transaction/avg?viewAll=true");
    await send("POST", "/api/transaction/generate-done", {
      marketPrice: "1",
      pair: "btc_usdt",
      amount: "1",
      buyPrice: "1",
      sellPrice: "1",
      userId: admin.id,
      callId: "c1",
    });
    await send("PATCH", `/api/transaction/${id}`, { sellPrice: "99999" });
    await send("PATCH", `/api/transaction/${id}/set-status/BUY`);
    await send("POST", `/api/transaction/${id}/buy-to-sell`);
    await send("PATCH", "/api/transaction/set-done", { ids: [id] });
    await send("DELETE", `/api/transaction/${id}`);
    await send("GET", "/api/Summaries/prices?exchange=gate");
    await send("GET", "/api/Summaries/list-price-support?exchange=gate");
    await send("PATCH", "/api/users/update-bot-key", { binanceKey: "not-hex" });

    const all = bodies.join("\n");
    assert.equal(bodies.length, 14);
    for (const secret of [KEY, SECRET, ...sealed, ...Object.values(fields)]) {
      assert.ok(!all.includes(secret), `leaked ${secret.slice(0, 12)}...`);
    }
  } finally {
    await t.close();
  }
});
