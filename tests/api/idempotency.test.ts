// Idempotency-Key on order requests: a retry with the same key gets the first answer and places
// nothing new; a failed (5xx) first try frees the key.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { AppError } from "../../server/core/errors.ts";
import { msg } from "../../server/core/messages.shared.ts";
import { idempotencyKeys, transactions } from "../../server/db/schema.ts";
import { makeTestApp, type TestApp } from "../support/test-app.ts";
import { buyBody, giveKeys } from "./transactions-fixtures.ts";

function post(t: TestApp, token: string, path: string, body: unknown, key: string) {
  return t.app.request(path, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      authorization: `Bearer ${token}`,
      "idempotency-key": key,
    },
    body: JSON.stringify(body),
  });
}

const rowsOf = (t: TestApp, userId: number) =>
  t.deps.db.select().from(transactions).where(eq(transactions.userId, userId));

Deno.test("POST /transaction with an Idempotency-Key: a retry replays the first answer and places nothing", async () => {
  const t = await makeTestApp();
  try {
    const lead = await t.user("Lead");
    await giveKeys(t, lead.id, "binance");
    const body = buyBody(t, { useBot: "only_buy" });
    const first = await post(t, lead.token, "/api/transaction", body, "click-1");
    assert.equal(first.status, 201);
    const again = await post(t, lead.token, "/api/transaction", body, "click-1");
    assert.equal(again.status, 201);
    assert.equal(again.headers.get("idempotent-replayed"), "true");
    assert.deepEqual(await again.json(), await first.json());
    assert.equal((await rowsOf(t, lead.id)).length, 1);

    const other = await post(t, lead.token, "/api/transaction", body, "click-2");
    assert.equal(other.status, 201);
    assert.equal((await rowsOf(t, lead.id)).length, 2);

    // Keys are per user: another user's same key is a new request.
    const other2 = await t.user("Lead");
    await giveKeys(t, other2.id, "binance");
    assert.equal((await post(t, other2.token, "/api/transaction", body, "click-1")).status, 201);
  } finally {
    await t.close();
  }
});

Deno.test("Idempotency-Key: a bad key or one reused on another route is a 400 with a message", async () => {
  const t = await makeTestApp();
  try {
    const lead = await t.user("Lead");
    const bad = await post(t, lead.token, "/api/transaction", buyBody(t), "no spaces allowed");
    assert.equal(bad.status, 400);
    assert.match((await bad.json()).message, /^Idempotency-Key: /);

    await post(t, lead.token, "/api/transaction", buyBody(t, { useBot: "none" }), "k-1");
    const reused = await post(t, lead.token, "/api/transaction/generate-done", {
      marketPrice: "60000",
      pair: "btc_usdt",
      amount: "10",
      buyPrice: "60000",
      sellPrice: "60000",
      userId: lead.id,
      quantity: "0.0001",
    }, "k-1");
    assert.equal(reused.status, 400);
    assert.match((await reused.json()).message, /already used for POST \/api\/transaction/);
  } finally {
    await t.close();
  }
});

Deno.test("Idempotency-Key: a first try that failed with a 5xx frees the key; the retry runs once", async () => {
  const t = await makeTestApp();
  try {
    const lead = await t.user("Lead");
    await giveKeys(t, lead.id, "binance");
    const real = t.deps.exchanges;
    let down = true;
    t.deps.exchanges = {
      ...real,
      adapter(exchange, kind) {
        const inner = real.adapter(exchange, kind);
        return down
          ? {
            ...inner,
            inDatabase: undefined,
            // A gateway's failure the exchange itself answered: nothing placed, 502.
            placeOrder: () =>
              Promise.reject(
                new AppError(
                  "BAD_GATEWAY",
                  msg("trading.exchangeNoAnswer", { exchange: "Binance", detail: "502" }),
                ),
              ),
          }
          : inner;
      },
    };
    const body = buyBody(t, { useBot: "only_buy" });
    const failed = await post(t, lead.token, "/api/transaction", body, "click-9");
    assert.equal(failed.status, 502);
    assert.equal((await rowsOf(t, lead.id)).length, 0);

    down = false;
    assert.equal((await post(t, lead.token, "/api/transaction", body, "click-9")).status, 201);
    assert.equal((await post(t, lead.token, "/api/transaction", body, "click-9")).status, 201);
    assert.equal((await rowsOf(t, lead.id)).length, 1);
  } finally {
    await t.close();
  }
});

Deno.test("Idempotency-Key: a first try that committed but lost its answer is answered from its rows, not run again", async () => {
  const t = await makeTestApp();
  try {
    const lead = await t.user("Lead");
    await giveKeys(t, lead.id, "binance");
    const body = buyBody(t, { useBot: "only_buy" });
    const first = await (await post(t, lead.token, "/api/transaction", body, "lost-1")).json();
    // The database died before the answer was stored: the key is still pending.
    await t.deps.db.update(idempotencyKeys).set({ status: null, body: null })
      .where(eq(idempotencyKeys.key, "lost-1"));
    // A duplicate while the first may still run is a conflict to retry, as Stripe answers.
    const running = await post(t, lead.token, "/api/transaction", body, "lost-1");
    assert.equal(running.status, 409);
    assert.equal(running.headers.get("retry-after"), "1");
    assert.match((await running.json()).message, /still running/);

    t.clock.advance(2 * t.deps.config.REQUEST_TIMEOUT_MS + 1000);
    const retry = await post(t, lead.token, "/api/transaction", body, "lost-1");
    assert.equal(retry.status, 201);
    assert.equal((await retry.json()).transaction.id, first.transaction.id);
    assert.equal((await rowsOf(t, lead.id)).length, 1);
  } finally {
    await t.close();
  }
});

Deno.test("Idempotency-Key: the same key with a different body is a 422 naming the key, and places nothing", async () => {
  const t = await makeTestApp();
  try {
    const lead = await t.user("Lead");
    await giveKeys(t, lead.id, "binance");
    const buy = buyBody(t, { useBot: "only_buy" });
    assert.equal((await post(t, lead.token, "/api/transaction", buy, "order-7")).status, 201);
    const changed = await post(
      t,
      lead.token,
      "/api/transaction",
      { ...buy, amount: "20" },
      "order-7",
    );
    assert.equal(changed.status, 422);
    const answer = await changed.json();
    assert.equal(answer.code, "idempotency.bodyChanged");
    assert.match(answer.message, /order-7/);
    assert.equal((await rowsOf(t, lead.id)).length, 1);
    // The same body again still replays.
    const again = await post(t, lead.token, "/api/transaction", buy, "order-7");
    assert.equal(again.headers.get("idempotent-replayed"), "true");
  } finally {
    await t.close();
  }
});

Deno.test("Idempotency-Key: two requests with one key at once: one runs, the other is a 409", async () => {
  const t = await makeTestApp();
  try {
    const lead = await t.user("Lead");
    await giveKeys(t, lead.id, "binance");
    const buy = buyBody(t, { useBot: "only_buy" });
    const answers = await Promise.all([
      post(t, lead.token, "/api/transaction", buy, "twice-1"),
      post(t, lead.token, "/api/transaction", buy, "twice-1"),
    ]);
    const statuses = answers.map((r) => r.status).sort();
    await Promise.all(answers.map((r) => r.body?.cancel()));
    // The second either found the first running (409) or its answer stored (a replayed 201).
    assert.ok(
      JSON.stringify(statuses) === "[201,409]" || JSON.stringify(statuses) === "[201,201]",
      String(statuses),
    );
    assert.equal((await rowsOf(t, lead.id)).length, 1);
  } finally {
    await t.close();
  }
});
