// The real server as a subprocess on a free loopback port, run the way production runs it, for
// the benchmarks (their figures include the process's own CPU and memory).

const MAIN = new URL("../../server/main.ts", import.meta.url).pathname;

/**
 * How `deno task start` and deploy/gatebot.service run the server: a 4 MB young generation keeps
 * a streamed report's memory flat (V8's default lets it grow about 75 MB). Benchmarks run the
 * server the same way.
 */
const SERVER_V8_FLAGS = ["--v8-flags=--max-semi-space-size=4"];

function freePort() {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
}

/** Starts the server with `env` on top of the basics and waits until /api/health answers. */
export async function startBenchServer(
  env: Record<string, string>,
  v8Flags: string[] = SERVER_V8_FLAGS,
) {
  const port = freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", ...v8Flags, MAIN],
    env: { PORT: String(port), HOST: "127.0.0.1", RUST_BACKTRACE: "0", ...env },
    stdout: "null",
    stderr: "inherit",
  }).spawn();
  for (let i = 0; i < 600; i++) {
    try {
      const res = await fetch(`${base}/api/health`);
      await res.body?.cancel();
      if (res.ok) return { base, child };
    } catch { /* not listening yet */ }
    const exited = await Promise.race([child.status, new Promise((r) => setTimeout(r, 100))]);
    if (exited) throw new Error("server exited before it was ready");
  }
  child.kill("SIGTERM");
  throw new Error("server not ready after 60 s");
}
