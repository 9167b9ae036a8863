// The server the fuzz's socket and slow-client part abuses, run as its own process the way
// production runs it, so that its resident memory (VmRSS) is the server's alone: a client in the
// same process counted its own buffers (the first PostgreSQL figure, +109 MB, was partly that).
// On PostgreSQL when TEST_DATABASE_URL is set (a scratch database), else PGlite in a temporary
// DATA_DIR; either is prepared before the start with one user and a signed-in session.
import { APP_SECRET_KEY, prepare } from "../faults/support.ts";
import { SERVER_V8_FLAGS } from "../support/bench-server.ts";
import { rssMb } from "../support/process-stats.ts";
import { scratchDatabase } from "../support/scratch-database.ts";
import { startServerProcess } from "../support/server-process.ts";

export interface AbusedServer {
  /** host:port, for raw connections and ws:// alike. */
  origin: string;
  token: string;
  database: "PostgreSQL" | "PGlite";
  rssMb(): number;
  stop(): Promise<void>;
}

/** Starts the server with the limits the abuse is checked against. */
export async function startAbusedServer(limits: Record<string, number | boolean>) {
  const url = Deno.env.get("TEST_DATABASE_URL");
  const scratch = url ? await scratchDatabase(url, `gb_fuzz_${Deno.pid}`) : undefined;
  const dataDir = scratch ? undefined : await Deno.makeTempDir({ prefix: "gatebot-fuzz-" });
  const where: Record<string, string> = scratch
    ? { DATABASE_URL: scratch.url }
    : { DATA_DIR: dataDir! };
  try {
    const { token } = await prepare({ url: scratch?.url, dataDir });
    const server = await startServerProcess({
      env: {
        ...where,
        APP_SECRET_KEY,
        ADMIN_PASSWORD: "fuzz-password",
        ...Object.fromEntries(Object.entries(limits).map(([k, v]) => [k, String(v)])),
      },
      flags: ["-A", ...SERVER_V8_FLAGS],
    });
    const pid = server.child.pid;
    return {
      origin: server.base.replace("http://", ""),
      token,
      database: scratch ? "PostgreSQL" : "PGlite",
      rssMb: () => rssMb(pid),
      async stop() {
        await server.kill("SIGTERM");
        await cleanUp();
      },
    } satisfies AbusedServer;
  } catch (err) {
    await cleanUp();
    throw err;
  }

  async function cleanUp() {
    await scratch?.drop();
    if (dataDir) await Deno.remove(dataDir, { recursive: true });
  }
}
