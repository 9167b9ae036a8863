import assert from "node:assert/strict";
import { ApiError, orderApi } from "../../web/src/api/http.ts";

function stubFetch(answers: (() => Response)[]) {
  const keys: (string | null)[] = [];
  const real = globalThis.fetch;
  globalThis.fetch = (_url, init) => {
    keys.push(new Headers(init?.headers).get("idempotency-key"));
    const next = answers.shift();
    return next ? Promise.resolve(next()) : Promise.reject(new TypeError("Failed to fetch"));
  };
  return { keys, restore: () => void (globalThis.fetch = real) };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

Deno.test("orderApi() resends after a network error, a 503 and a still-running 409 with the same Idempotency-Key", async () => {
  const fetches = stubFetch([
    () => {
      throw new TypeError("Failed to fetch");
    },
    () => json(503, { message: "Service unavailable: the database cannot be reached." }),
    // The first try still runs on the server: a conflict to retry, not a refusal.
    () => json(409, { message: "still running", code: "idempotency.running" }),
    () => json(201, { ok: 1 }),
  ]);
  try {
    const pauses: number[] = [];
    const result = await orderApi("POST", "/transaction", { body: {} }, (ms) => {
      pauses.push(ms);
      return Promise.resolve();
    });
    assert.deepEqual(result, { ok: 1 });
    assert.equal(fetches.keys.length, 4);
    assert.match(fetches.keys[0]!, /^[0-9a-f]{32}$/);
    assert.equal(new Set(fetches.keys).size, 1, "one key for every try");
    assert.deepEqual(pauses, [500, 1000, 2000]);
  } finally {
    fetches.restore();
  }
});

Deno.test("orderApi() does not resend a refusal, and gives up after four tries", async () => {
  const refused = stubFetch([() => json(400, { message: "Insufficient balance" })]);
  try {
    await assert.rejects(
      orderApi("POST", "/transaction", {}, () => Promise.resolve()),
      (err) => err instanceof ApiError && err.status === 400,
    );
    assert.equal(refused.keys.length, 1);
  } finally {
    refused.restore();
  }
  const down = stubFetch([]);
  try {
    await assert.rejects(orderApi("POST", "/transaction", {}, () => Promise.resolve()), TypeError);
    assert.equal(down.keys.length, 4);
  } finally {
    down.restore();
  }
});
