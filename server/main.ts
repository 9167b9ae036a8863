// Reads config, opens the database, runs migrations, seeds the first SuperAdmin, serves.
import { createApp } from "./app.ts";
import { parseConfig } from "./config.ts";
import { systemClock } from "./core/clock.ts";
import { loadAppKey } from "./core/app-key.ts";
import { createSecretBox } from "./core/secret-box.ts";
import { openDatabase } from "./db/client.ts";
import { seedFirstSuperAdmin } from "./db/seed-admin.ts";
import type { Deps } from "./deps.ts";
import { createKeyTransport } from "./keys/transport.ts";
import { BotWorker } from "./bot/worker.ts";
import { startRealtime } from "./realtime/realtime.ts";
import { createExchanges } from "./exchanges/exchanges.ts";
import { CandleRecorder } from "./market/candles.ts";
import { createMarket } from "./market/market.ts";
import { createRelayedMarket } from "./market/relayed-market.ts";
import { sessionCacheFor } from "./auth/session-cache.ts";
import { DataDirInUse, lockDataDir } from "./db/data-dir-lock.ts";
import { waitForDatabase } from "./db/wait.ts";
import { stopOnSignals } from "./lifecycle.ts";

let config;
try {
  config = parseConfig(Deno.env.toObject());
} catch (err) {
  console.error((err as Error).message);
  Deno.exit(1);
}

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
const database = await openDatabase({
  url: config.DATABASE_URL,
  dataDir: config.DATA_DIR,
  connectTimeoutS: config.DB_CONNECT_TIMEOUT_S,
  statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
});
// Design section 6: the upstream feeds belong to the engine part; an api-only instance prices
// with what the others hand on over the bus.
const engine = config.ROLES === "api" ? undefined : createMarket(config, { clock: systemClock });
const market = engine ?? createRelayedMarket(systemClock);
const deps: Deps = {
  config,
  database,
  db: database.db,
  clock: systemClock,
  secretBox: await createSecretBox(await loadAppKey(config.APP_SECRET_KEY, config.DATA_DIR)),
  keyTransport: await createKeyTransport({
    seed: await loadAppKey(config.APP_SECRET_KEY, config.DATA_DIR),
    clock: systemClock,
    rotateHours: config.KEY_TRANSPORT_ROTATE_HOURS,
  }),
  market,
  exchanges: createExchanges({ config, database, clock: systemClock, market }),
  sessionCache: sessionCacheFor(config),
  lifecycle: { stopping: false },
  accessLog: (line) => console.log(line),
};

const seeded = await seedFirstSuperAdmin(deps);
const realtime = await startRealtime(deps);
Object.assign(deps, { realtime, ...realtime.hooks });
const candles = engine &&
  new CandleRecorder({ db: database.db, clock: systemClock, market: engine });
const worker = engine && new BotWorker(deps);
if (engine) {
  await engine.start();
  candles!.start();
  worker!.start();
}
const app = createApp(deps);

const server = Deno.serve({
  port: config.PORT,
  hostname: config.HOST,
  onListen: ({ port }) => {
    const where = `http://localhost:${port}/login`;
    console.log(`Gate Bot back-office on ${database.kind}: sign in at ${where}`);
    if (seeded?.password) {
      console.log(
        `First SuperAdmin created. Username: ${seeded.username}  Password: ${seeded.password}\n` +
          "This password is shown only once: sign in, set up two-factor, then change it.",
      );
    } else if (seeded) {
      console.log(`First SuperAdmin "${seeded.username}" created with ADMIN_PASSWORD.`);
    }
  },
}, app.fetch);

// Stop accepting and answer not-ready, close sockets with a reason the client shows, let in-flight
// requests and the bot's current order finish, then close the database cleanly.
stopOnSignals(() => [
  { name: "not ready", run: () => deps.lifecycle!.stopping = true },
  { name: "sockets", run: () => realtime.hub.closeAll() },
  { name: "in-flight requests", run: () => server.shutdown() },
  { name: "bot worker", run: () => worker?.stop() },
  { name: "feeds", run: () => Promise.all([candles?.stop(), engine?.stop()]) },
  { name: "realtime", run: () => realtime.close() },
  { name: "database", run: () => database.close() },
  { name: "DATA_DIR lock", run: () => dataDirLock?.release() },
], { timeoutMs: config.SHUTDOWN_TIMEOUT_MS });
