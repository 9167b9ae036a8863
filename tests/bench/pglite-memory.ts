// The embedded default's memory (issue 31): the server as `deno task start` runs it with no
// DATABASE_URL (PGlite in DATA_DIR, engine and api in one process), its resident memory once
// started and idle, on a fresh DATA_DIR and restarted on it. docs/configuration.md#memory
// states it.
import { randomHex } from "../../server/core/hex.ts";
import { startBenchServer } from "../support/bench-server.ts";
import { rssMb } from "../support/process-stats.ts";

const MAX_IDLE_RSS_MB = 450;
const IDLE_MS = 5_000;
const APP_KEY = randomHex(32);

export async function run(): Promise<boolean> {
  const dataDir = await Deno.makeTempDir();
  try {
    // The first start runs initdb, whose memory stays partly held; a restart opens the folder.
    const fresh = await idleRss(dataDir);
    const restarted = await idleRss(dataDir);
    const ok = fresh <= MAX_IDLE_RSS_MB;
    console.log(
      `PGlite default, idle ${IDLE_MS / 1000} s after start: RSS ${fresh.toFixed(0)} MB on a ` +
        `fresh DATA_DIR (limit ${MAX_IDLE_RSS_MB} MB) ${ok ? "OK" : "OVER"}, ` +
        `${restarted.toFixed(0)} MB restarted on it`,
    );
    return ok;
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
}

async function idleRss(dataDir: string) {
  const { child } = await startBenchServer({ DATA_DIR: dataDir, APP_SECRET_KEY: APP_KEY });
  try {
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    return rssMb(child.pid);
  } finally {
    child.kill("SIGTERM");
    await child.status;
  }
}

if (import.meta.main) Deno.exit((await run()) ? 0 : 1);
