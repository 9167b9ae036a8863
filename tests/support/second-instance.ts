// Another instance of the app on a test app's PostgreSQL database (TEST_DATABASE_URL only).
import { createApp } from "../../server/app.ts";
import { openDatabase } from "../../server/db/client.ts";
import { composeDeps } from "../../server/compose.ts";
import { createRelayedMarket } from "../../server/market/relayed-market.ts";
import type { RealtimeOptions } from "../../server/realtime/realtime.ts";
import { TEST_DATABASE_URL } from "./database.ts";
import type { TestApp } from "./test-app.ts";

/**
 * Another instance of the app on the same database as `t`, through a client of its own; with
 * `apiOnly`, as ROLES=api runs it: no feeds, prices relayed from the other instances.
 */
export async function secondInstance(t: TestApp, apiOnly = false, opts: RealtimeOptions = {}) {
  const [{ name }] = await t.deps.database.sql!`select current_database() as name`;
  const url = new URL(TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), max: 5 });
  const config = apiOnly ? { ...t.deps.config, ROLES: "api" as const } : t.deps.config;
  const deps = await composeDeps({
    ...t.parts,
    config,
    database,
    market: apiOnly ? createRelayedMarket(t.clock) : t.parts.market,
    realtime: opts,
  });
  const realtime = deps.realtime!;
  return {
    app: createApp(deps),
    deps,
    async close() {
      await realtime.close();
      await database.close();
    },
  };
}
