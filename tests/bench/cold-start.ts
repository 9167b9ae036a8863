// Cold start of the api part as an edge instance runs it: server/main.ts under Deno Deploy
// Classic's permissions (net, env, read), ROLES=api on a migrated PostgreSQL database, no
// DATA_DIR. Prints, per start: the process start to its first answer (measured from outside),
// and the part after the module graph was loaded (the server's own figure). Held to < 1 s after
// the module graph. The first start compiles the modules into Deno's cache and is not counted,
// as a deployment's build does that before any start.
// BENCH_DATABASE_URL names the server; a scratch database is created on it and dropped afterwards.
import webpush from "web-push";
import { randomHex } from "../../server/core/hex.ts";
import { openDatabase } from "../../server/db/client.ts";
import { BENCH_DATABASE_URL, scratchDatabase } from "../support/scratch-database.ts";
import { DEPLOY_FLAGS, startServerProcess } from "../support/server-process.ts";

const STARTS = 5;
const LIMIT_AFTER_MODULES_MS = 1000;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];

export async function run() {
  const db = await scratchDatabase(BENCH_DATABASE_URL, `gb_bench_cold_${Deno.pid}`);
  try {
    // The deploy step's migration, once.
    await (await openDatabase({ url: db.url, max: 1 })).close();
    const vapid = webpush.generateVAPIDKeys();
    const env = {
      ROLES: "api",
      DATABASE_URL: db.url,
      APP_SECRET_KEY: randomHex(32),
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
    };
    const totals: number[] = [];
    const afterModules: number[] = [];
    for (let i = 0; i <= STARTS; i++) {
      const startedAt = performance.now();
      const server = await startServerProcess({ env, flags: DEPLOY_FLAGS, pollMs: 5 });
      const total = performance.now() - startedAt;
      const own = /Listening (\d+) ms after the modules loaded/.exec(server.output());
      await server.kill("SIGTERM");
      if (!own) throw new Error(`no start-up figure in:\n${server.output()}`);
      if (i === 0) continue;
      totals.push(total);
      afterModules.push(Number(own[1]));
    }
    const after = median(afterModules);
    console.log(
      `cold start (api, Deploy permissions, ${STARTS} starts, medians): ` +
        `${median(totals).toFixed(0)} ms from process start to the first answer, ` +
        `${after} ms of it after the module graph loaded (limit ${LIMIT_AFTER_MODULES_MS} ms); ` +
        `each after modules: ${afterModules.join(", ")} ms`,
    );
    return after < LIMIT_AFTER_MODULES_MS;
  } finally {
    await db.drop();
  }
}
