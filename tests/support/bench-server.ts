// The real server as a subprocess, run the way production runs it, for the benchmarks (their
// figures include the process's own CPU and memory).
import { startServerProcess } from "./server-process.ts";

/**
 * How `deno task start` and deploy/gatebot.service run the server (docs/configuration.md#memory):
 * an 8 MB young generation (a third less CPU per CSV row than 4 MB; 16 MB's longer scavenges put
 * a call's delivery to 1,000 sockets past its limit), and an old generation that grows by half of
 * what it kept at each full collection keeps socket abuse's garbage within bounds (V8's own
 * factor, up to 4, let it reach +92 MB). Benchmarks run the server the same way.
 */
export const SERVER_V8_FLAGS = ["--v8-flags=--max-semi-space-size=8,--heap-growing-percent=50"];

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
