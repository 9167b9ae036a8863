// The real server as a subprocess, run the way production runs it, for the benchmarks (their
// figures include the process's own CPU and memory).
import { startServerProcess } from "./server-process.ts";

/**
 * How `deno task start` and deploy/gatebot.service run the server: a 4 MB young generation keeps
 * a streamed report's memory flat (V8's default lets it grow about 75 MB). Benchmarks run the
 * server the same way.
 */
const SERVER_V8_FLAGS = ["--v8-flags=--max-semi-space-size=4"];

/** Starts the server with `env` on top of the basics and waits until /api/health answers. */
export async function startBenchServer(
  env: Record<string, string>,
  v8Flags: string[] = SERVER_V8_FLAGS,
) {
  const { base, child } = await startServerProcess({
    env,
    flags: ["-A", ...v8Flags],
    cleanEnv: false,
    capture: false,
  });
  return { base, child };
}
