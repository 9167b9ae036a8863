// The real server (server/main.ts) as a subprocess on a free loopback port, with the permissions
// and environment a test gives it: benchmarks, the several-process failover test, and the test
// that runs the api part under Deno Deploy's permissions.

export const MAIN = new URL("../../server/main.ts", import.meta.url).pathname;
/** What Deno Deploy Classic grants a deployment (the new Deno Deploy grants everything). */
export const DEPLOY_FLAGS = ["--allow-net", "--allow-env", "--allow-read"];
const ROOT = new URL("../..", import.meta.url).pathname;

export function freePort() {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
}

export interface ServerProcess {
  base: string;
  child: Deno.ChildProcess;
  /** Everything the process printed so far (stdout and stderr), for failure messages. */
  output(): string;
  /** Sends the signal (default SIGKILL) and waits for the exit. */
  kill(signal?: Deno.Signal): Promise<void>;
}

export interface ServerProcessOptions {
  env: Record<string, string>;
  /** `deno run` flags before the entry point; default everything allowed. */
  flags?: string[];
  /** Only `env` and the basics (default); false: this process's environment under `env`. */
  cleanEnv?: boolean;
  /** Keep the output (default); false sends stdout nowhere and stderr here, as benchmarks do. */
  capture?: boolean;
  readyTimeoutMs?: number;
  /** How often /api/health is tried until it answers; default 50 ms. */
  pollMs?: number;
}

/** Starts the server and waits until /api/health answers 200. */
export async function startServerProcess(opts: ServerProcessOptions): Promise<ServerProcess> {
  const port = freePort();
  const base = `http://127.0.0.1:${port}`;
  const capture = opts.capture ?? true;
  const child = new Deno.Command(Deno.execPath(), {
    // As `deno task start` runs it.
    args: ["run", "--unstable-no-legacy-abort", ...(opts.flags ?? ["-A"]), MAIN],
    cwd: ROOT,
    clearEnv: opts.cleanEnv ?? true,
    env: {
      PATH: Deno.env.get("PATH") ?? "",
      HOME: Deno.env.get("HOME") ?? "",
      PORT: String(port),
      HOST: "127.0.0.1",
      RUST_BACKTRACE: "0",
      NO_COLOR: "1",
      ...opts.env,
    },
    stdin: "null",
    stdout: capture ? "piped" : "null",
    stderr: capture ? "piped" : "inherit",
  }).spawn();
  let text = "";
  const decoder = new TextDecoder();
  const drains = capture
    ? [child.stdout, child.stderr].map(async (stream) => {
      for await (const chunk of stream) text += decoder.decode(chunk, { stream: true });
    })
    : [];
  const exited = child.status.then(async (status) => {
    await Promise.all(drains);
    return status;
  });
  const server: ServerProcess = {
    base,
    child,
    output: () => text,
    async kill(signal = "SIGKILL") {
      try {
        child.kill(signal);
      } catch { /* already gone */ }
      await exited;
    },
  };
  const end = Date.now() + (opts.readyTimeoutMs ?? 60_000);
  while (Date.now() < end) {
    try {
      const res = await fetch(`${base}/api/health`);
      await res.body?.cancel();
      if (res.ok) return server;
    } catch { /* not listening yet */ }
    const gone = await Promise.race([
      exited,
      new Promise((r) => setTimeout(r, opts.pollMs ?? 50)),
    ]);
    if (gone) throw new Error(`server exited before it was ready:\n${text}`);
  }
  await server.kill();
  throw new Error(`server not ready in time:\n${text}`);
}
