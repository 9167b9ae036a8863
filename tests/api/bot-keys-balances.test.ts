// GET /bot-key/bot-balance/{id} through each key's adapter: live keys against the local fake
// Binance and Gate servers (signed REST as the exchanges check it), paper keys from the database.
import assert from "node:assert/strict";
import { Decimal } from "decimal.js";
import { ManualClock } from "../../server/core/clock.ts";
import { startFakeBinance } from "../fakes/fake-binance.ts";
import { startFakeGate } from "../fakes/fake-gate.ts";
import { makeTestApp } from "../support/test-app.ts";
import { addBotKey } from "./bot-keys-fixtures.ts";
import { expectStatus } from "./transactions-fixtures.ts";

async function liveSetup() {
  const clock = new ManualClock();
  const binance = startFakeBinance({
    now: () => clock.now().getTime(),
    balances: { USDT: "1500.5", BTC: "0", ETH: "0", BNB: "3" },
  });
  const gate = startFakeGate({
    now: () => Math.floor(clock.now().getTime() / 1000),
    balances: { USDT: "250", BTC: "0", GT: "0.00000001" },
  });
  const t = await makeTestApp({
    EXCHANGE_ADAPTER: "live",
    BINANCE_REST_URL: binance.restUrl,
    GATE_REST_URL: gate.restUrl,
  }, { clock });
  const admin = await t.user("SuperAdmin");
  return {
    t,
    admin,
    binance,
    gate,
    balance: (id: number, query = "") =>
      expectStatus(t, 200, "GET", `/api/bot-key/bot-balance/${id}${query}`, {
        token: admin.token,
      }),
    async close() {
      await t.close();
      await binance.close();
      await gate.close();
    },
  };
}

Deno.test("bot-balance: a live Binance key reads free and locked, all-zero entries dropped", async () => {
  const s = await liveSetup();
  try {
    // Locked only still counts; free and locked both zero does not.
    s.binance.wallets.set("ETH", { free: new Decimal(0), locked: new Decimal("0.25") });
    const k = await addBotKey(s.t, s.admin.token, {
      exchange: "binance",
      username: "bn_live",
      key: s.binance.apiKey,
      secret: s.binance.secret,
    });
    assert.equal(k.adapter, "binance");
    const res = await s.balance(k.id, "?exchange=binance");
    assert.deepEqual(res, {
      id: k.id,
      exchange: "binance",
      username: "bn_live",
      adapter: "binance",
      error: null,
      errorCode: null,
      errorParams: null,
      balances: [
        { asset: "USDT", free: "1500.50000000", locked: "0.00000000" },
        { asset: "ETH", free: "0.00000000", locked: "0.25000000" },
        { asset: "BNB", free: "3.00000000", locked: "0.00000000" },
      ],
    });
  } finally {
    await s.close();
  }
});

Deno.test("bot-balance: a live Gate key reads available and locked, all-zero entries dropped", async () => {
  const s = await liveSetup();
  try {
    const k = await addBotKey(s.t, s.admin.token, {
      exchange: "gate",
      username: "gt_live",
      key: s.gate.apiKey,
      secret: s.gate.secret,
    });
    const res = await s.balance(k.id);
    assert.equal(res.error, null);
    assert.deepEqual(res.balances, [
      { currency: "USDT", available: "250", locked: "0" },
      { currency: "GT", available: "0.00000001", locked: "0" },
    ]);
  } finally {
    await s.close();
  }
});

Deno.test("bot-balance: an exchange refusing a key is that key's error, the other keys still read", async () => {
  const s = await liveSetup();
  try {
    const good = await addBotKey(s.t, s.admin.token, {
      exchange: "gate",
      username: "gt_good",
      key: s.gate.apiKey,
      secret: s.gate.secret,
    });
    const badKey = await addBotKey(s.t, s.admin.token, {
      exchange: "gate",
      username: "gt_bad_key",
      key: "revoked-key",
      secret: s.gate.secret,
    });
    const badSecret = await addBotKey(s.t, s.admin.token, {
      exchange: "binance",
      username: "bn_bad_secret",
      key: s.binance.apiKey,
      secret: "wrong-secret",
    });
    assert.deepEqual(
      { ...(await s.balance(badKey.id)), id: 0 },
      {
        id: 0,
        exchange: "gate",
        username: "gt_bad_key",
        adapter: "gate",
        balances: [],
        error: "Gate: Invalid key provided",
        // Coded too, so the client words it in the user's language; the exchange's own words stay.
        errorCode: "botKeys.balanceError",
        errorParams: { exchange: "Gate", detail: "Invalid key provided" },
      },
    );
    const secretRefused = await s.balance(badSecret.id);
    assert.equal(secretRefused.error, "Binance: Signature for this request is not valid.");
    assert.equal(secretRefused.errorCode, "botKeys.balanceError");
    assert.deepEqual(secretRefused.errorParams, {
      exchange: "Binance",
      detail: "Signature for this request is not valid.",
    });
    assert.equal((await s.balance(good.id)).balances.length, 2);

    // An exchange that cannot be reached is a message too, not a failed page.
    await s.gate.close();
    const down = await s.balance(good.id);
    assert.match(down.error, /^Gate is unreachable: /);
    assert.equal(down.errorCode, "exchange.unreachable");
    assert.equal(down.errorParams.exchange, "Gate");
    assert.deepEqual(down.balances, []);
  } finally {
    await s.t.close();
    await s.binance.close();
  }
});

Deno.test("bot-balance: a paper key reads its own paper account; houbi has no adapter; bad requests", async () => {
  const t = await makeTestApp({ PAPER_START_BALANCES: "USDT:1000,BTC:0,ETH:2" });
  try {
    const admin = await t.user("SuperAdmin");
    const token = admin.token;
    const paper = await addBotKey(t, token, { exchange: "gate", username: "gt_paper" });
    const res = await expectStatus(t, 200, "GET", `/api/bot-key/bot-balance/${paper.id}`, {
      token,
    });
    assert.equal(res.adapter, "paper");
    assert.deepEqual(res.balances, [
      { currency: "ETH", available: "2", locked: "0" },
      { currency: "USDT", available: "1000", locked: "0" },
    ]);
    const houbi = await addBotKey(t, token, { exchange: "houbi", username: "hb_paper" });
    const hb = await expectStatus(t, 200, "GET", `/api/bot-key/bot-balance/${houbi.id}`, {
      token,
    });
    assert.deepEqual(hb.balances, []);
    assert.equal(hb.error, "Trading on houbi is not supported");

    const mismatch = await expectStatus(
      t,
      400,
      "GET",
      `/api/bot-key/bot-balance/${paper.id}?exchange=binance`,
      { token },
    );
    assert.equal(mismatch.message, `exchange: bot key ${paper.id} is a Gate key, not Binance`);
    await expectStatus(t, 404, "GET", "/api/bot-key/bot-balance/424242", { token });
    await expectStatus(t, 404, "GET", "/api/bot-key/bot-balance/abc", { token });
  } finally {
    await t.close();
  }
});
