// Two engine processes and one api process on one PostgreSQL database. The active engine is
// killed with SIGKILL while traders keep buying with the bot; the standby takes over, and every
// position is closed exactly once. Needs TEST_DATABASE_URL.
import assert from "node:assert/strict";
import { and, eq, gt, isNotNull, ne, sql } from "drizzle-orm";
import { dec } from "../../server/core/decimal.shared.ts";
import { paperBalances, transactions } from "../../server/db/schema.ts";
import { TEST_DATABASE_URL } from "../support/database.ts";
import { clusterDatabase, engineOf, request, signIn } from "../support/cluster.ts";
import { type ServerProcess, startServerProcess } from "../support/server-process.ts";
import { until } from "../support/until.ts";

const TAKEOVER_LIMIT_MS = 10_000;

Deno.test({
  name:
    "failover: a standby engine takes over within 10 s of a kill -9 and closes every position once",
  ignore: !TEST_DATABASE_URL,
  async fn() {
    const c = await clusterDatabase("failover");
    const servers: ServerProcess[] = [];
    let trading = true;
    let traders: Promise<void>[] = [];
    let reaching: ReturnType<typeof setInterval> | undefined;
    const start = async (env: Record<string, string>) => {
      const server = await startServerProcess({ env: c.env(env) });
      servers.push(server);
      return server;
    };
    try {
      const lead = await c.trader("Lead", "lead_failover", "binance");
      const engineEnv = { ROLES: "engine", MARKET_SIM_INTERVAL_MS: "200" };
      const a = await start({ ...engineEnv, ENGINE_NAME: "engine-a" });
      await until(async () => (await engineOf(a.base)).self === "active", 10_000, "engine-a");
      const b = await start({ ...engineEnv, ENGINE_NAME: "engine-b" });
      const api = await start({ ROLES: "api" });
      assert.deepEqual(await engineOf(b.base), { self: "standby", active: "engine-a" });
      assert.deepEqual(await engineOf(api.base), { self: "none", active: "engine-a" });

      const token = await signIn(api.base, lead);
      const price = async () =>
        (await request(api.base, "GET", "/api/Summaries/prices?exchange=binance", { token }))
          .body.btc_usdt as string | undefined;
      await until(async () => !!await price(), 10_000, "relayed prices on the api instance");

      // Traders buy through the api instance, each BUY's sellPrice a little above the market (the
      // server allows no lower). The market reaches every target at once: the test lowers them
      // as they come, so the active engine's bot worker sells each on its next scan.
      reaching = setInterval(() =>
        void c.database.sql!`update transactions set sell_price = 1
          where status = 'BUY' and sell_price > 1`.catch(() => {}), 100);
      const answers: (number | string)[] = [];
      const trader = async () => {
        while (trading) {
          const marketPrice = await price();
          const res = await request(api.base, "POST", "/api/transaction", {
            token,
            body: {
              marketPrice,
              pair: "btc_usdt",
              amount: "50",
              buyPrice: marketPrice,
              sellPrice: (Number(marketPrice) * 1.01).toFixed(2),
              useBot: "buy_sell",
              status: "BUY",
              exchange: "binance",
            },
          });
          answers.push(res.status === 201 ? 201 : `${res.status} ${JSON.stringify(res.body)}`);
        }
      };
      traders = [trader(), trader(), trader()];
      const closedBy = async (since: Date) => {
        const [row] = await c.database.db.select({ n: sql<number>`count(*)::int` })
          .from(transactions).where(
            and(eq(transactions.status, "DONE"), gt(transactions.filledAt, since)),
          );
        return row.n;
      };
      await until(async () => await closedBy(new Date(0)) >= 5, 10_000, "closes by engine-a");

      const killedAt = new Date();
      await a.kill("SIGKILL");
      const t0 = performance.now();
      await until(
        async () => (await engineOf(api.base)).active === "engine-b",
        TAKEOVER_LIMIT_MS,
        "engine-b to become active",
      );
      const takeoverMs = performance.now() - t0;
      await until(async () => await closedBy(killedAt) > 0, TAKEOVER_LIMIT_MS, "a close by b");
      const resumedMs = performance.now() - t0;
      await until(async () => await closedBy(killedAt) >= 5, 10_000, "closes by engine-b");
      trading = false;
      await Promise.all(traders);
      console.log(
        `failover: engine-b active ${takeoverMs.toFixed(0)} ms after the kill, its first close ` +
          `after ${resumedMs.toFixed(0)} ms; ${answers.length} trades through the api instance`,
      );
      assert.ok(resumedMs < TAKEOVER_LIMIT_MS);
      // Trading went on: the relayed prices outlive the gap, so no trade was refused.
      assert.deepEqual([...new Set(answers)], [201]);

      // Every position closed, none left claimed, none closed twice: what each BUY brought in (its
      // fill less the fee) was sold exactly once, so the paper account holds its starting 2 BTC
      // and the dust each close left on the lot step.
      const t = transactions;
      // One worker closes a market's rows one after another: on a busy machine that takes a while.
      const stillOpen = async () =>
        (await c.database.db.select({ id: t.id }).from(t).where(ne(t.status, "DONE"))).length;
      await until(async () => await stillOpen() === 0, 120_000, "every position to be closed")
        .catch(async (err) => {
          const sql = c.database.sql!;
          console.error(
            await sql`select status, closing_since is not null as claimed,
            close_error_at is not null as flagged, count(*) from transactions group by 1, 2, 3`,
          );
          console.error(
            await sql`select application_name, state, wait_event, left(query, 200) q
            from pg_stat_activity where datname = current_database()`,
          );
          throw err;
        });
      const claimed = await c.database.db.select({ id: t.id }).from(t)
        .where(isNotNull(t.closingSince));
      assert.deepEqual(claimed, []);
      const [btc] = await c.database.db.select({ free: paperBalances.free }).from(paperBalances)
        .where(and(eq(paperBalances.account, `user:${lead.id}`), eq(paperBalances.asset, "BTC")));
      const [{ dust }] = await c.database
        .sql!`select coalesce(sum(filled_quantity - coalesce(fee, 0)
        - close_quantity), 0)::text as dust from transactions`;
      assert.ok(dec(dust).gte(0) && dec(dust).lt(dec("0.00001").mul(answers.length)), dust);
      assert.equal(dec(btc.free).toFixed(), dec(2).plus(dust).toFixed());
      const notClosedByBot = await c.database.db.select({ id: t.id }).from(t)
        .where(sql`${t.closeOrderId} is distinct from 'paper-tx' || ${t.id} || 'c'`);
      assert.deepEqual(notClosedByBot, []);
    } catch (err) {
      for (const s of servers) console.error(`--- ${s.base}\n${s.output()}`);
      throw err;
    } finally {
      trading = false;
      await Promise.allSettled(traders);
      clearInterval(reaching);
      await Promise.all(servers.map((s) => s.kill("SIGTERM")));
      await c.close();
    }
  },
});
