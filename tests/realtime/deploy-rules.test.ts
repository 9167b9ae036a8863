// The api part run as Deno Deploy runs it: server/main.ts with --allow-net --allow-env
// --allow-read only (no write, run, ffi or sys), no DATA_DIR, ROLES=api, DATABASE_URL and
// APP_SECRET_KEY. The database is migrated once by the deploy step (scripts/migrate.ts, under the
// same permissions); an engine elsewhere hands prices on. Needs TEST_DATABASE_URL.
import assert from "node:assert/strict";
import { inArray } from "drizzle-orm";
import { users } from "../../server/db/schema.ts";
import type { ServerMessage } from "../../server/realtime/protocol.ts";
import { buildWebIfStale } from "../../scripts/build-web.ts";
import { TEST_DATABASE_URL } from "../support/database.ts";
import { clusterDatabase, engineOf, request, signIn } from "../support/cluster.ts";
import { DEPLOY_FLAGS, type ServerProcess, startServerProcess } from "../support/server-process.ts";
import { until } from "../support/until.ts";
import { TestSocket } from "./support.ts";

const received = (socket: TestSocket, type: ServerMessage["type"]) =>
  socket.received.filter((m) => m.type === type);

Deno.test({
  name:
    "deploy rules: the api part serves, signs in, trades and pushes with net, env and read only",
  ignore: !TEST_DATABASE_URL,
  async fn() {
    await buildWebIfStale();
    const c = await clusterDatabase("deploy", { migrate: false });
    const servers: ServerProcess[] = [];
    const sockets: TestSocket[] = [];
    try {
      // The deploy step, under the same permissions.
      const step = await new Deno.Command(Deno.execPath(), {
        args: ["run", ...DEPLOY_FLAGS, "scripts/migrate.ts"],
        cwd: new URL("../..", import.meta.url).pathname,
        clearEnv: true,
        env: { ...c.env({ ADMIN_PASSWORD: "first-admin-pw" }), NO_COLOR: "1" },
      }).output();
      const stepOut = new TextDecoder().decode(step.stdout) + new TextDecoder().decode(step.stderr);
      assert.equal(step.code, 0, stepOut);
      assert.match(stepOut, /Migrations applied/);
      assert.match(stepOut, /First SuperAdmin "superadmin" created/);

      const engine = await startServerProcess({ env: c.env({ ROLES: "engine" }) });
      servers.push(engine);
      const api = await startServerProcess({ env: c.env({ ROLES: "api" }), flags: DEPLOY_FLAGS });
      servers.push(api);
      await until(async () => (await engineOf(api.base)).active !== null, 10_000, "an engine");

      // The built client, and a client route falling back to it.
      for (const path of ["/", "/login", "/transactions"]) {
        const page = await fetch(`${api.base}${path}`);
        assert.equal(page.status, 200, path);
        assert.match(await page.text(), /<div id="root">/, path);
      }

      const lead = await c.trader("Lead", "lead_deploy", "binance");
      const member = await c.trader("User", "user_deploy");
      await c.database.db.update(users).set({ group: "alpha", pair: "btc_usdt" })
        .where(inArray(users.id, [lead.id, member.id]));
      const leadToken = await signIn(api.base, lead);
      const memberToken = await signIn(api.base, member);
      const profile = await request(api.base, "GET", "/api/users/my-profile", {
        token: leadToken,
      });
      assert.equal(profile.body.username, "lead_deploy");

      // Prices relayed from the engine; a trade priced with them.
      const prices = async (base: string) =>
        (await request(base, "GET", "/api/Summaries/prices?exchange=binance", { token: leadToken }))
          .body;
      // A cold instance asks the engine for every price at start: it has them within moments.
      await until(async () => !!(await prices(api.base)).btc_usdt, 3000, "relayed prices");
      const price = (await prices(api.base)).btc_usdt;
      const trade = await request(api.base, "POST", "/api/transaction", {
        token: leadToken,
        body: {
          marketPrice: price,
          pair: "btc_usdt",
          amount: "100",
          buyPrice: price,
          sellPrice: (Number(price) * 1.5).toFixed(2),
          useBot: "buy_sell",
          status: "BUY",
          exchange: "binance",
        },
      });
      assert.equal(trade.status, 201, JSON.stringify(trade.body));
      assert.equal(trade.body.transaction.adapter, "paper");
      assert.ok(trade.body.lastMarketPrice);

      // Its socket: prices as they move, and a Lead's call reaching the group.
      const socketUrl = (token: string) =>
        `${api.base.replace("http", "ws")}/api/socket?token=${encodeURIComponent(token)}`;
      const leadSocket = await TestSocket.open(socketUrl(leadToken));
      const memberSocket = await TestSocket.open(socketUrl(memberToken));
      sockets.push(leadSocket, memberSocket);
      for (const s of sockets) s.send({ type: "JoinGroup" });
      await until(() => received(memberSocket, "joined").length > 0, 5000, "joined");
      await until(() => received(memberSocket, "price").length >= 2, 10_000, "price pushes");
      const call = await request(api.base, "POST", "/api/calls", {
        token: leadToken,
        body: { target: "BUY_ONLY", count: 2 },
      });
      assert.equal(call.status, 201, JSON.stringify(call.body));
      await until(() => received(memberSocket, "call").length > 0, 5000, "the call");

      // Nothing on the api path asked for a permission Deno Deploy does not grant.
      assert.doesNotMatch(api.output(), /NotCapable|PermissionDenied|Requires \w+ access/);
    } catch (err) {
      for (const s of servers) console.error(`--- ${s.base}\n${s.output()}`);
      throw err;
    } finally {
      await Promise.all(sockets.map((s) => s.close()));
      await Promise.all(servers.map((s) => s.kill("SIGTERM")));
      await c.close();
    }
  },
});
