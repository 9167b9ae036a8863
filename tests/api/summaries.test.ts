import assert from "node:assert/strict";
import { makeTestApp } from "../support/test-app.ts";
import { expectStatus } from "./transactions-fixtures.ts";

const GATE_ONLY = ["mepad_usdt", "naft_usdt", "undead_usdt"];

Deno.test("Summaries/prices: the feed's map of pair to price, per exchange, moving with the feed", async () => {
  const t = await makeTestApp();
  try {
    const u = await t.user("User");
    const binance = await expectStatus(t, 200, "GET", "/api/Summaries/prices?exchange=binance", {
      token: u.token,
    });
    // Only what each exchange's markets trade: no BTC/USD, ETH/USD or BUSD pairs anywhere.
    assert.deepEqual(Object.keys(binance).sort(), [
      "bnb_usdt",
      "btc_fdusd",
      "btc_tusd",
      "btc_usdt",
      "eth_usdt",
    ]);
    assert.match(binance.btc_usdt, /^\d+\.\d+$/);
    const gate = await expectStatus(t, 200, "GET", "/api/Summaries/prices?exchange=gate", {
      token: u.token,
    });
    assert.deepEqual(Object.keys(gate).sort(), ["bnb_usdt", "btc_usdt", "eth_usdt", ...GATE_ONLY]);

    t.market.sim("binance")!.setPrice("btc_usdt", "70123.45");
    const moved = await expectStatus(t, 200, "GET", "/api/Summaries/prices", { token: u.token });
    assert.equal(moved.btc_usdt, "70123.45");

    await expectStatus(t, 400, "GET", "/api/Summaries/prices?exchange=houbi", { token: u.token });
    assert.equal((await t.call("GET", "/api/Summaries/prices")).status, 401);
  } finally {
    await t.close();
  }
});

Deno.test("Summaries/list-price-support: what each exchange trades, Gate-only pairs on Gate, NFT pairs everywhere", async () => {
  const t = await makeTestApp();
  try {
    const u = await t.user("Lead");
    const list = async (exchange: string) =>
      await expectStatus(t, 200, "GET", `/api/Summaries/list-price-support?exchange=${exchange}`, {
        token: u.token,
      }) as { label: string; value: string }[];
    const binance = await list("binance");
    const gate = await list("gate");
    const houbi = await list("houbi");
    const values = (l: { value: string }[]) => l.map((p) => p.value);
    for (const pair of GATE_ONLY) {
      assert.ok(values(gate).includes(pair));
      assert.ok(!values(binance).includes(pair));
      assert.ok(!values(houbi).includes(pair));
    }
    for (const l of [binance, gate, houbi]) {
      assert.deepEqual(l.filter((p) => p.value.endsWith("_nft")), [
        { label: "UB_NFT", value: "ub_nft" },
        { label: "MA_NFT", value: "ma_nft" },
      ]);
      assert.ok(l.every((p) => Object.keys(p).join() === "label,value"));
    }
    assert.deepEqual(binance[0], { label: "BTC/USDT", value: "btc_usdt" });
    assert.ok(values(binance).includes("btc_fdusd") && !values(gate).includes("btc_fdusd"));
    // Only what the exchange's markets trade: Binance.com has no BTCUSD/ETHUSD and delisted BUSD;
    // Gate has no BTC_USD/ETH_USD spot pair.
    assert.deepEqual(values(binance), [
      "btc_usdt",
      "eth_usdt",
      "bnb_usdt",
      "btc_fdusd",
      "btc_tusd",
      "ub_nft",
      "ma_nft",
    ]);
    assert.deepEqual(values(gate), [
      "btc_usdt",
      "eth_usdt",
      "bnb_usdt",
      "undead_usdt",
      "naft_usdt",
      "mepad_usdt",
      "ub_nft",
      "ma_nft",
    ]);
  } finally {
    await t.close();
  }
});

Deno.test("Summaries/hash: one value for every caller until it rotates", async () => {
  const t = await makeTestApp({ KEY_TRANSPORT_ROTATE_HOURS: 1 });
  try {
    const a = await t.user("User");
    const b = await t.user("SuperAdmin");
    const first = await expectStatus(t, 200, "GET", "/api/Summaries/hash", { token: a.token });
    assert.match(first.hash, /^[0-9a-f]{64}$/);
    assert.ok(Date.parse(first.rotatesAt) > t.clock.now().getTime());
    const again = await expectStatus(t, 200, "GET", "/api/Summaries/hash", { token: b.token });
    assert.equal(again.hash, first.hash);
    t.clock.set(new Date(Date.parse(first.rotatesAt)));
    const next = await expectStatus(t, 200, "GET", "/api/Summaries/hash", { token: b.token });
    assert.notEqual(next.hash, first.hash);
    assert.equal((await t.call("GET", "/api/Summaries/hash")).status, 401);
  } finally {
    await t.close();
  }
});
