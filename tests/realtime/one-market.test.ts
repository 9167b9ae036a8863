// Two `both` instances on one PostgreSQL database price from one market: the active engine's sim
// feed, handed on over the bus, not a simulated walk each. Needs TEST_DATABASE_URL.
import assert from "node:assert/strict";
import { TEST_DATABASE_URL } from "../support/database.ts";
import { clusterDatabase, engineOf, request, signIn } from "../support/cluster.ts";
import { type ServerProcess, startServerProcess } from "../support/server-process.ts";
import { until } from "../support/until.ts";

Deno.test({
  name: "one market: two `both` instances price the same pair identically at the same moment",
  ignore: !TEST_DATABASE_URL,
  async fn() {
    const c = await clusterDatabase("onemarket");
    const servers: ServerProcess[] = [];
    try {
      const env = (name: string) =>
        c.env({ ROLES: "both", ENGINE_NAME: name, MARKET_SIM_INTERVAL_MS: "100" });
      const a = await startServerProcess({ env: env("both-a") });
      servers.push(a);
      await until(async () => (await engineOf(a.base)).self === "active", 10_000, "both-a");
      const b = await startServerProcess({ env: env("both-b") });
      servers.push(b);
      assert.deepEqual(await engineOf(b.base), { self: "standby", active: "both-a" });
      const health = (await request(b.base, "GET", "/api/health")).body;
      assert.deepEqual(health.feeds.map((f: { source: string }) => f.source), ["relay", "relay"]);

      const token = await signIn(a.base, await c.trader("Lead", "lead_market"));
      const price = async (base: string, exchange: string) =>
        (await request(base, "GET", `/api/Summaries/prices?exchange=${exchange}`, { token }))
          .body.btc_usdt as string | undefined;
      await until(async () => !!await price(b.base, "binance"), 10_000, "prices on both-b");

      // Prices move once a second. Two requests a moment apart see the same batch, unless one
      // lands just before a batch and the other just after (likelier on a loaded machine): such a
      // pair is asked again. Two walks of their own would not agree however often they were asked.
      const samples: [string | undefined, string | undefined][] = [];
      for (let i = 0; i < 20; i++) {
        const exchange = i % 2 ? "gate" : "binance";
        let pair: [string | undefined, string | undefined] = [undefined, undefined];
        for (let attempt = 0; attempt < 5 && (!pair[0] || pair[0] !== pair[1]); attempt++) {
          pair = await Promise.all([price(a.base, exchange), price(b.base, exchange)]);
        }
        samples.push(pair);
        await new Promise((r) => setTimeout(r, 150));
      }
      assert.ok(samples.every(([pa, pb]) => pa && pb), JSON.stringify(samples));
      const same = samples.filter(([pa, pb]) => pa === pb).length;
      assert.equal(same, 20, `only ${same} of 20 samples agreed: ${JSON.stringify(samples)}`);
      const binance = samples.filter((_, i) => i % 2 === 0).map(([pa]) => pa);
      assert.ok(new Set(binance).size > 1, `the market moved: ${binance}`);
    } catch (err) {
      for (const s of servers) console.error(`--- ${s.base}\n${s.output()}`);
      throw err;
    } finally {
      await Promise.all(servers.map((s) => s.kill("SIGTERM")));
      await c.close();
    }
  },
});
