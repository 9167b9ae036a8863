import assert from "node:assert/strict";
import { createDecipheriv, createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { auditLog, users } from "../../server/db/schema.ts";
import {
  decryptFromTransport,
  encryptForTransport,
  transportKey,
} from "../../server/keys/transport-crypto.shared.ts";
import { SECRET_MASK } from "../../server/auth/public-user.shared.ts";
import { makeTestApp, type TestApp } from "../support/test-app.ts";
import { buyBody, expectStatus } from "./transactions-fixtures.ts";

const BINANCE_KEY = "vmPUZE6mv9SD5VNHk4HlWFsOr6aKE2zvsw0MuIgwCIPy6utIco14y7Ju91duEh8A";
const BINANCE_SECRET = "NhqPtmdSJYdKjVHjA7PZj4Mge3R5YNiP1e3UZjInClVN65XAbvqqM6A7H5fATj0j";

async function currentHash(t: TestApp, token: string): Promise<string> {
  return (await expectStatus(t, 200, "GET", "/api/Summaries/hash", { token })).hash;
}

Deno.test("transport: the shared encrypt output is IV hex + ciphertext hex that Node's aes-256-ctr reads", async () => {
  const hash = "a".repeat(64);
  const payload = await encryptForTransport(hash, BINANCE_SECRET);
  assert.match(payload, /^[0-9a-f]+$/);
  assert.equal(payload.length, 32 + BINANCE_SECRET.length * 2);
  // An independent implementation (OpenSSL through node:crypto): key = SHA-256 of the hash value.
  const key = createHash("sha256").update(hash, "utf8").digest();
  const decipher = createDecipheriv("aes-256-ctr", key, Buffer.from(payload.slice(0, 32), "hex"));
  const plain = Buffer.concat([
    decipher.update(Buffer.from(payload.slice(32), "hex")),
    decipher.final(),
  ]);
  assert.equal(plain.toString("utf8"), BINANCE_SECRET);
  assert.equal(await decryptFromTransport(hash, payload), BINANCE_SECRET);
  // A fresh IV each time.
  assert.notEqual(await encryptForTransport(hash, BINANCE_SECRET), payload);
});

Deno.test("transport: a crypto-js style payload with PKCS#7 padding still decrypts", async () => {
  const hash = "b".repeat(64);
  const text = new TextEncoder().encode("gate-key-0123");
  const padded = new Uint8Array(16);
  padded.set(text);
  padded.fill(16 - text.length, text.length);
  const iv = crypto.getRandomValues(new Uint8Array(16));
  const data = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: "AES-CTR", counter: iv, length: 64 },
      await transportKey(hash),
      padded,
    ),
  );
  const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  assert.equal(await decryptFromTransport(hash, hex(iv) + hex(data)), "gate-key-0123");
});

Deno.test("update-bot-key: a SuperAdmin's keys are decrypted, sealed at rest, answered as masks and audited", async () => {
  const t = await makeTestApp();
  try {
    const admin = await t.user("SuperAdmin");
    const hash = await currentHash(t, admin.token);
    const res = await t.call("PATCH", "/api/users/update-bot-key", {
      token: admin.token,
      body: {
        binanceKey: await encryptForTransport(hash, BINANCE_KEY),
        binanceSecret: await encryptForTransport(hash, BINANCE_SECRET),
        gateKeyV4: "",
        gateSecretV4: SECRET_MASK,
      },
    });
    const text = await res.text();
    assert.equal(res.status, 200, text);
    assert.ok(!text.includes(BINANCE_KEY) && !text.includes(BINANCE_SECRET));
    const user = JSON.parse(text);
    assert.equal(user.binanceKey, SECRET_MASK);
    assert.equal(user.binanceSecret, SECRET_MASK);
    assert.equal(user.gateKeyV4, "");
    assert.equal(user.gateSecretV4, "");

    const [row] = await t.deps.db.select().from(users).where(eq(users.id, admin.id));
    assert.ok(row.binanceKey && !row.binanceKey.includes(BINANCE_KEY));
    assert.equal(await t.deps.secretBox.open(row.binanceKey), BINANCE_KEY);
    assert.equal(await t.deps.secretBox.open(row.binanceSecret!), BINANCE_SECRET);
    assert.equal(row.gateKeyV4, null);

    const audits = await t.deps.db.select().from(auditLog)
      .where(eq(auditLog.action, "user.keys.update"));
    assert.equal(audits.length, 1);
    assert.deepEqual(audits[0].details, { fields: ["binanceKey", "binanceSecret"] });
    assert.ok(!JSON.stringify(audits).includes(BINANCE_SECRET));

    // The profile shows masks too, and the stored keys let a bot-mode BUY through.
    const profile = await expectStatus(t, 200, "GET", "/api/users/my-profile", {
      token: admin.token,
    });
    assert.equal(profile.binanceSecret, SECRET_MASK);
    await expectStatus(t, 201, "POST", "/api/transaction", {
      token: admin.token,
      body: buyBody(t),
    });
  } finally {
    await t.close();
  }
});

Deno.test("update-bot-key: only a SuperAdmin may update keys", async () => {
  const t = await makeTestApp();
  try {
    for (const role of ["Admin", "Lead", "User"] as const) {
      const u = await t.user(role);
      const hash = await currentHash(t, u.token);
      const res = await t.call("PATCH", "/api/users/update-bot-key", {
        token: u.token,
        body: { binanceKey: await encryptForTransport(hash, BINANCE_KEY) },
      });
      assert.equal(res.status, 403, role);
      const [row] = await t.deps.db.select().from(users).where(eq(users.id, u.id));
      assert.equal(row.binanceKey, null);
    }
    const res = await t.call("PATCH", "/api/users/update-bot-key", { body: {} });
    assert.equal(res.status, 401);
  } finally {
    await t.close();
  }
});

Deno.test("update-bot-key: a SuperAdmin sets another user's keys with userId", async () => {
  const t = await makeTestApp();
  try {
    const admin = await t.user("SuperAdmin");
    const lead = await t.user("Lead");
    const hash = await currentHash(t, admin.token);
    const body = {
      userId: lead.id,
      gateKeyV4: await encryptForTransport(hash, "gate-key"),
      gateSecretV4: await encryptForTransport(hash, "gate-secret"),
    };
    const user = await expectStatus(t, 200, "PATCH", "/api/users/update-bot-key", {
      token: admin.token,
      body,
    });
    assert.equal(user.id, lead.id);
    assert.equal(user.gateSecretV4, SECRET_MASK);
    await expectStatus(t, 201, "POST", "/api/transaction", {
      token: lead.token,
      body: buyBody(t, { exchange: "gate" }),
    });
    const missing = await expectStatus(t, 404, "PATCH", "/api/users/update-bot-key", {
      token: admin.token,
      body: { ...body, userId: 999999 },
    });
    assert.equal(missing.message, "User not found");
  } finally {
    await t.close();
  }
});

Deno.test("update-bot-key: refuses fields under another hash, plain text, or nothing to update", async () => {
  const t = await makeTestApp();
  try {
    const admin = await t.user("SuperAdmin");
    const wrong = await expectStatus(t, 400, "PATCH", "/api/users/update-bot-key", {
      token: admin.token,
      body: { binanceKey: await encryptForTransport("c".repeat(64), BINANCE_KEY) },
    });
    assert.equal(wrong.field, "binanceKey");
    const plain = await expectStatus(t, 400, "PATCH", "/api/users/update-bot-key", {
      token: admin.token,
      body: { binanceSecret: BINANCE_SECRET },
    });
    assert.equal(plain.field, "binanceSecret");
    assert.ok(!JSON.stringify(plain).includes(BINANCE_SECRET));
    const none = await expectStatus(t, 400, "PATCH", "/api/users/update-bot-key", {
      token: admin.token,
      body: { binanceKey: SECRET_MASK, binanceSecret: "" },
    });
    assert.equal(none.message, "No key or secret to update");
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, admin.id));
    assert.equal(row.binanceKey, null);
    assert.equal(row.binanceSecret, null);
  } finally {
    await t.close();
  }
});

Deno.test("update-bot-key: the previous hash stays valid one period after a rotation, not two", async () => {
  const t = await makeTestApp({ SESSION_TTL_HOURS: 24 * 7 });
  try {
    const admin = await t.user("SuperAdmin");
    const first = await currentHash(t, admin.token);
    const payload = await encryptForTransport(first, BINANCE_KEY);
    t.clock.advance(24 * 3600_000);
    const second = await currentHash(t, admin.token);
    assert.notEqual(second, first);
    await expectStatus(t, 200, "PATCH", "/api/users/update-bot-key", {
      token: admin.token,
      body: { binanceKey: payload, hash: first },
    });
    t.clock.advance(24 * 3600_000);
    const late = admin;
    await expectStatus(t, 400, "PATCH", "/api/users/update-bot-key", {
      token: late.token,
      body: { binanceKey: payload },
    });
    const fresh = await currentHash(t, late.token);
    await expectStatus(t, 200, "PATCH", "/api/users/update-bot-key", {
      token: late.token,
      body: { binanceKey: await encryptForTransport(fresh, BINANCE_KEY), hash: fresh },
    });
  } finally {
    await t.close();
  }
});
