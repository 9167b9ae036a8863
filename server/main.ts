// Reads config, opens the database, runs migrations, seeds the first SuperAdmin, serves.
import { createApp } from "./app.ts";
import { parseConfig } from "./config.ts";
import { systemClock } from "./core/clock.ts";
import { loadAppKey } from "./core/app-key.ts";
import { loadVapidKeys } from "./push/vapid.ts";
import { openDatabase } from "./db/client.ts";
import { seededMessage, seedFirstSuperAdmin } from "./seeds/seed-admin.ts";
import { composeDeps } from "./compose.ts";
import { createMarket } from "./market/market.ts";
import { liveMarkets } from "./exchanges/markets/markets.ts";
import { createRelayedMarket } from "./market/relayed-market.ts";
import { DataDirInUse, lockDataDir } from "./db/data-dir-lock.ts";
import { DatabaseUnreadable } from "./db/database-unreadable.ts";
import { waitForDatabase } from "./db/wait.ts";
import { stopOnSignals } from "./lifecycle.ts";
import { batchedLines, writeStdout } from "./core/access-log.ts";
import { guardLimits, serveGuarded } from "./front-door/connection-guard.ts";

// Since the process started: the module graph is loaded once this module's body runs.
const modulesLoadedMs = performance.now();
let config;
try {
  config = parseConfig(Deno.env.toObject());
} catch (err) {
  console.error((err as Error).message);
  Deno.exit(1);
}

const apiOnly = config.ROLES === "api";
// One server per PGlite folder (server/db/data-dir-lock.ts); PostgreSQL serves several.
const dataDirLock = config.DATABASE_URL ? undefined : await lockDataDir(
  config.DATA_DIR,
  `pid ${Deno.pid} on ${Deno.hostname()}, port ${config.PORT}, since ${new Date().toISOString()}`,
).catch((err) => {
  if (!(err instanceof DataDirInUse)) throw err;
  console.error(err.message);
  Deno.exit(1);
});
if (config.DATABASE_URL) await waitForDatabase(config.DATABASE_URL);
// An api-only instance leaves migrations to the engines (or the deploy step, scripts/migrate.ts):
// a cold start of an edge instance then costs no migration round trips.
const database = await openDatabase({
  url: config.DATABASE_URL,
  dataDir: config.DATA_DIR,
  migrate: !apiOnly || !config.DATABASE_URL,
  connectTimeoutS: config.DB_CONNECT_TIMEOUT_S,
  statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
}).catch((err) => {
  if (!(err instanceof DatabaseUnreadable)) throw err;
  console.error(err.message);
  Deno.exit(1);
});
// docs/configuration.md#api-and-engine-roles: the upstream feeds belong to the engine part
// (server/engine/). On PostgreSQL every instance prices from what the active engine hands on over
// the bus: one market for all.
// The exchanges' markets, read once for both: the live feeds subscribe only what they trade.
const markets = liveMarkets({
  urls: { binance: config.BINANCE_REST_URL, gate: config.GATE_REST_URL },
  clock: systemClock,
});
const feeds = apiOnly ? undefined : createMarket(config, { clock: systemClock, markets });
const market = feeds && !config.DATABASE_URL ? feeds : createRelayedMarket(systemClock);
const accessLog = batchedLines(writeStdout);
const deps = await composeDeps({
  config,
  database,
  clock: systemClock,
  appKey: await loadAppKey(config.APP_SECRET_KEY, config.DATA_DIR),
  market,
  feeds,
  liveMarkets: markets,
  vapid: await loadVapidKeys(config),
  lifecycle: { stopping: false },
  accessLog: accessLog.line,
});
const seeded = apiOnly ? null : await seedFirstSuperAdmin(deps);
const realtime = deps.realtime!;
const app = createApp(deps);

const listen = {
  port: config.PORT,
  hostname: config.HOST,
  onListen: ({ port }: Deno.NetAddr) => {
    const where = `http://localhost:${port}/login`;
    console.log(`Gate Bot back-office on ${database.kind}: sign in at ${where}`);
    console.log(
      `Listening ${(performance.now() - modulesLoadedMs).toFixed(0)} ms after the modules ` +
        `loaded (${modulesLoadedMs.toFixed(0)} ms after the process started).`,
    );
    const message = seededMessage(seeded);
    if (message) console.log(message);
  },
};
// Deno Deploy routes to what Deno.serve opens, and its own front reads the connections; anywhere
// else the server guards its connections itself (docs/configuration.md#slow-clients).
const server = Deno.env.get("DENO_DEPLOYMENT_ID")
  ? Deno.serve(listen, app.fetch)
  : await serveGuarded({ ...listen, ...guardLimits(config) }, app.fetch);

// Stop accepting and answer not-ready, close sockets with a reason the client shows, let in-flight
// requests and the bot's current order finish, then close the database cleanly.
stopOnSignals(() => [
  { name: "not ready", run: () => deps.lifecycle!.stopping = true },
  { name: "sockets", run: () => realtime.hub.closeAll() },
  { name: "in-flight requests", run: () => server.shutdown() },
  { name: "access log", run: () => accessLog.flush() },
  { name: "engine (bot worker, feeds)", run: () => deps.engine?.stop() },
  { name: "realtime", run: () => realtime.close() },
  { name: "database", run: () => database.close() },
  { name: "DATA_DIR lock", run: () => dataDirLock?.release() },
], { timeoutMs: config.SHUTDOWN_TIMEOUT_MS });
