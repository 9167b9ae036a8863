// The embedded default's memory (issue 31): the server as `deno task start` runs it with no
// DATABASE_URL (PGlite in DATA_DIR, engine and api in one process), its resident memory once
// started and idle. docs/configuration.md#memory states it.
import { randomHex } from "../../server/core/hex.ts";
import { startBenchServer } from "../support/bench-server.ts";
import { rssMb } from "../support/process-stats.ts";

const MAX_IDLE_RSS_MB = 450;
const IDLE_MS = 5_000;

export async function run(): Promise<boolean> {
  const dataDir = await Deno.makeTempDir();
  const { child } = await startBenchServer({ DATA_DIR: dataDir, APP_SECRET_KEY: randomHex(32) });
  try {
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const rss = rssMb(child.pid);
    const ok = rss <= MAX_IDLE_RSS_MB;
    console.log(
      `PGlite default (fresh DATA_DIR), idle ${IDLE_MS / 1000} s after start: RSS ` +
        `${rss.toFixed(0)} MB (limit ${MAX_IDLE_RSS_MB} MB) ${ok ? "OK" : "OVER"}`,
    );
    return ok;
  } finally {
    child.kill("SIGTERM");
    await child.status;
    await Deno.remove(dataDir, { recursive: true });
  }
}

if (import.meta.main) Deno.exit((await run()) ? 0 : 1);
