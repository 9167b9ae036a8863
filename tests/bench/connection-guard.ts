// What the server's own door (server/front-door/connection-guard.ts) costs a request: the same trivial
// handler (reads a 200-byte JSON body, answers 201) served by Deno.serve directly and behind the
// guard, each in its own process under the order bench's load (50 connections, 10 s, after 2 s of
// warm-up). Prints req/s, p50/p99 and the server's CPU per request for both, and the difference.
import { cpuMs } from "../support/process-stats.ts";
import { freePort } from "../support/server-process.ts";
import { serveGuarded } from "../../server/front-door/connection-guard.ts";
import { type LoadResult, postLoad } from "./transactions.ts";

const CONNECTIONS = 50;
const SECONDS = 10;
const WARMUP_SECONDS = 2;
/** The guard's added server CPU per request, at most (ms): first runs measured 0.019-0.023. */
const MAX_ADDED_CPU_MS = 0.05;
const SELF = new URL(import.meta.url).pathname;

async function handler(req: Request) {
  await req.text();
  return Response.json({ ok: true }, { status: 201 });
}

async function measure(mode: "direct" | "guarded") {
  const port = freePort();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", SELF, "serve", mode, String(port)],
    stdout: "null",
    stderr: "inherit",
  }).spawn();
  try {
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 200; i++) {
      try {
        await (await fetch(base, { method: "POST", body: "{}" })).body?.cancel();
        break;
      } catch { /* not yet */ }
      await new Promise((r) => setTimeout(r, 50));
    }
    const tokens = Array.from({ length: CONNECTIONS }, (_, i) => `token-${i}`);
    const body = JSON.stringify({ pad: "x".repeat(190) });
    await postLoad(base, tokens, body, WARMUP_SECONDS);
    const cpu0 = cpuMs(child.pid);
    const load: LoadResult = await postLoad(base, tokens, body, SECONDS);
    return { load, cpu: (cpuMs(child.pid) - cpu0) / load.count };
  } finally {
    child.kill("SIGTERM");
    await child.status;
  }
}

export async function run(): Promise<boolean> {
  const direct = await measure("direct");
  const guarded = await measure("guarded");
  const added = guarded.cpu - direct.cpu;
  for (const [label, m] of [["Deno.serve", direct], ["behind the guard", guarded]] as const) {
    console.log(
      `  ${label}: ${Math.round(m.load.rate)} req/s, p50 ${m.load.p50.toFixed(1)} ms, p99 ` +
        `${m.load.p99.toFixed(1)} ms, server CPU ${m.cpu.toFixed(3)} ms/req (${m.load.tool})`,
    );
  }
  const ok = added <= MAX_ADDED_CPU_MS && guarded.load.failures.size === 0;
  console.log(
    `  the guard adds ${added.toFixed(3)} ms of server CPU per request (limit <= ` +
      `${MAX_ADDED_CPU_MS}) ${ok ? "OK" : "OVER"}; load average ${Deno.loadavg()[0].toFixed(2)}`,
  );
  return ok;
}

if (import.meta.main && Deno.args[0] === "serve") {
  const [, mode, port] = Deno.args;
  const at = { hostname: "127.0.0.1", port: Number(port), onListen() {} };
  if (mode === "direct") Deno.serve(at, handler);
  else {
    await serveGuarded({
      ...at,
      headerTimeoutMs: 10_000,
      bodyTimeoutMs: 10_000,
      maxPerAddress: 500,
      maxFrameBytes: 12_288,
    }, handler);
  }
} else if (import.meta.main) Deno.exit((await run()) ? 0 : 1);
