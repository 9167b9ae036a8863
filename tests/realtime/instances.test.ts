// Two server instances on one PostgreSQL database, each with its own postgres.js client and hub:
// the LISTEN/NOTIFY bus makes them one. Needs TEST_DATABASE_URL (PGlite has no second instance).
import assert from "node:assert/strict";
import { TEST_DATABASE_URL } from "../support/database.ts";
import { secondInstance } from "../support/second-instance.ts";
import { buyBody, giveKeys, setGroup } from "../api/transactions-fixtures.ts";
import { caller, makeTestApp } from "../support/test-app.ts";
import { serve, TestSocket, until } from "./support.ts";

Deno.test({
  name: "instances: a call, an error and a logout made on one instance reach sockets on the other",
  ignore: !TEST_DATABASE_URL,
  async fn() {
    const t = await makeTestApp();
    const other = await secondInstance(t);
    const servedA = await serve(t.app);
    const servedB = await serve(other.app);
    const sockets: TestSocket[] = [];
    try {
      assert.equal(t.deps.realtime!.bus.kind, "postgres");
      const lead = await t.user("Lead");
      const onA = await t.user("User");
      const onB = await t.user("User");
      const outsider = await t.user("User");
      for (const u of [lead, onA, onB]) await setGroup(t, u.id, "alpha");
      const sA = await TestSocket.join(servedA, onA.token);
      const sB = await TestSocket.join(servedB, onB.token);
      const sOut = await TestSocket.join(servedB, outsider.token);
      sockets.push(sA, sB, sOut);

      const res = await t.call("POST", "/api/calls", {
        token: lead.token,
        body: { target: "BUY_ONLY", count: 2 },
      });
      const sent = await res.json();
      assert.deepEqual((await sB.next("call")).call, sent);
      assert.deepEqual((await sA.next("call")).call, sent);

      // Hooks fired on instance A reach the user's socket on B.
      t.deps.onTradeError!(onB.id, { action: "SELL", transactionId: 3, message: "Rejected" });
      assert.equal((await sB.next("SELL_ERROR")).transactionId, 3);

      // The gate on B reads the call made through A.
      assert.equal(await other.deps.callGate!(onB.id), true);

      // A logout through A closes the socket held by B.
      await t.call("POST", "/api/users/logout", { token: onB.token });
      await sB.next("logout");
      await sOut.nothingFor(50);
    } finally {
      await Promise.all(sockets.map((s) => s.close()));
      await servedA.close();
      await servedB.close();
      await other.close();
      await t.close();
    }
  },
});

Deno.test({
  name: "instances: a logout or a change through one instance ends the other's cached session",
  ignore: !TEST_DATABASE_URL,
  async fn() {
    // A cache that would hold for a minute: only the bus can end these entries in time.
    const t = await makeTestApp({ SESSION_CACHE_MS: 60_000 });
    const other = await secondInstance(t);
    try {
      const admin = await t.user("SuperAdmin");
      const [leaving, changed] = [await t.user("User"), await t.user("User")];
      const callB = caller(other.app);
      const onB = (token: string) => callB("GET", "/api/users/my-profile", { token });
      for (const u of [leaving, changed]) assert.equal((await onB(u.token)).status, 200);

      await t.call("POST", "/api/users/logout", { token: leaving.token });
      await t.call("PATCH", `/api/users/${changed.id}`, {
        token: admin.token,
        body: { group: "beta" },
      });
      await until(
        async () => (await onB(leaving.token)).status === 401,
        1000,
        "the logout to end B's cached session",
      );
      await until(
        async () => (await (await onB(changed.token)).json()).group === "beta",
        1000,
        "the change to reach B's cached session",
      );
    } finally {
      await other.close();
      await t.close();
    }
  },
});

Deno.test({
  name: "instances: an api-only instance prices and places trades with the prices handed on to it",
  ignore: !TEST_DATABASE_URL,
  async fn() {
    const t = await makeTestApp();
    const api = await secondInstance(t, true);
    try {
      const lead = await t.user("Lead");
      await giveKeys(t, lead.id, "binance");
      const callApi = caller(api.app);
      const onApi = (method: string, path: string, body?: unknown) =>
        callApi(method, path, { token: lead.token, body });
      const apiPrice = async () =>
        (await (await onApi("GET", "/api/Summaries/prices?exchange=binance")).json()).btc_usdt;

      // The engine's feed moves; its price batch reaches the api-only instance over the bus.
      t.market.sim("binance")!.setPrice("btc_usdt", "61234.50");
      await until(async () => await apiPrice() === "61234.50", 2000, "the relayed price");
      const health = await (await api.app.request("/api/health")).json();
      assert.deepEqual(
        health.feeds.map((f: { exchange: string; source: string; state: string }) => [
          f.exchange,
          f.source,
        ]),
        [["binance", "relay"], ["gate", "relay"]],
      );

      // At the engine's price, the one the api-only instance now has too.
      const res = await onApi("POST", "/api/transaction", buyBody(t, { sellPrice: "70000" }));
      const created = await res.json();
      assert.equal(res.status, 201, JSON.stringify(created));
      assert.equal(created.lastMarketPrice, "61234.50");
      assert.equal(created.transaction.adapter, "paper");
    } finally {
      await api.close();
      await t.close();
    }
  },
});

Deno.test({
  name:
    "instances: an api-only instance gets the prices of pairs that have not moved since it started",
  ignore: !TEST_DATABASE_URL,
  async fn() {
    const t = await makeTestApp();
    // Timers run by hand: `due` holds what the instance with the feeds asked to run.
    const due: (() => void)[] = [];
    const timers = { set: (fn: () => void) => due.push(fn), clear: () => {} };
    const engine = await secondInstance(t, false, { timers });
    const api = await secondInstance(t, true);
    try {
      // Test sim feeds only move when told, so they report "closed"; a running feed is open.
      const feed = t.market.feed("binance");
      Object.assign(feed, { state: () => ({ state: "open", lastTickAt: null, reconnects: 0 }) });
      // A price the feed has had from the start: it never moves, so no batch carries it.
      const price = feed.price("eth_usdt");
      assert.ok(price);
      const relayed = () => api.deps.market!.feed("binance").price("eth_usdt");
      assert.equal(relayed(), undefined);
      // The snapshot: every open feed's prices, whether they moved or not.
      for (const run of due.splice(0)) run();
      await until(() => relayed() === price, 2000, "the snapshot's price");
    } finally {
      await api.close();
      await engine.close();
      await t.close();
    }
  },
});

Deno.test({
  name: "instances: an api-only instance that starts asks for every price and gets them at once",
  ignore: !TEST_DATABASE_URL,
  async fn() {
    const t = await makeTestApp();
    try {
      // Test sim feeds only move when told, so they report "closed"; a running feed is open.
      const feed = t.market.feed("binance");
      Object.assign(feed, { state: () => ({ state: "open", lastTickAt: null, reconnects: 0 }) });
      const price = feed.price("eth_usdt");
      assert.ok(price);
      // Well within the 5 s between snapshots: only the start's request brings the price.
      const started = Date.now();
      const api = await secondInstance(t, true);
      try {
        const relayed = () => api.deps.market!.feed("binance").price("eth_usdt");
        await until(() => relayed() === price, 2000, "the price asked for");
        assert.ok(Date.now() - started < 5000);
      } finally {
        await api.close();
      }
    } finally {
      await t.close();
    }
  },
});
