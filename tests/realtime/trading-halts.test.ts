// A halt set through one instance holds on another sharing its PostgreSQL database, and tells the
// sockets of both at once. Needs TEST_DATABASE_URL (PGlite has no second instance).
import assert from "node:assert/strict";
import { buyBody, giveKeys } from "../api/transactions-fixtures.ts";
import { TEST_DATABASE_URL } from "../support/database.ts";
import { secondInstance } from "../support/second-instance.ts";
import { caller, makeTestApp } from "../support/test-app.ts";
import { serve, TestSocket, until } from "./support.ts";

Deno.test({
  name: "halts: a halt made on one instance refuses orders and reaches sockets on the other",
  ignore: !TEST_DATABASE_URL,
  async fn() {
    const t = await makeTestApp();
    const other = await secondInstance(t);
    const served = await serve(other.app);
    let socket: TestSocket | undefined;
    try {
      t.market.sim("binance")!.setPrice("btc_usdt", "60000.00");
      const admin = await t.user("Admin");
      const trader = await t.user("Lead");
      await giveKeys(t, trader.id, "binance");
      socket = await TestSocket.join(served, trader.token);

      const res = await t.call("POST", "/api/trading-halts", {
        token: admin.token,
        body: { scope: "exchange", exchange: "binance", reason: "Exchange incident" },
      });
      assert.equal(res.status, 201);
      await until(
        () => socket!.received.some((m) => m.type === "trading-halts-changed"),
        1000,
        "the halt to reach the socket on the other instance",
      );
      const onB = await caller(other.app)("POST", "/api/transaction", {
        token: trader.token,
        body: buyBody(t),
      });
      assert.equal(onB.status, 403);
      assert.equal((await onB.json()).message, "Trading on Binance is halted: Exchange incident");
    } finally {
      await socket?.close();
      await served.close();
      await other.close();
      await t.close();
    }
  },
});
