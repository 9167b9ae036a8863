// A PostgreSQL server of the test's own (initdb in a temp dir, a free loopback port) that it may
// stop and start at will: never the shared server other tests use.
import { freePort } from "../support/server-process.ts";

const BIN = "/usr/lib/postgresql/15/bin";

async function run(cmd: string[], asPostgres: boolean) {
  // initdb and postgres refuse to run as root.
  const args = asPostgres && Deno.uid() === 0 ? ["runuser", "-u", "postgres", "--", ...cmd] : cmd;
  const out = await new Deno.Command(args[0], {
    args: args.slice(1),
    stdout: "piped",
    stderr: "piped",
  })
    .output();
  if (!out.success) {
    throw new Error(`${cmd.join(" ")} failed:\n${new TextDecoder().decode(out.stderr)}`);
  }
}

export async function privatePostgres() {
  const dir = await Deno.makeTempDir({ prefix: "gatebot-pg-" });
  if (Deno.uid() === 0) await run(["chown", "postgres", dir], false);
  const data = `${dir}/data`;
  const port = freePort();
  await run([`${BIN}/initdb`, "-D", data, "-U", "postgres", "-A", "trust", "--no-sync"], true);
  const ctl = (...args: string[]) => run([`${BIN}/pg_ctl`, "-D", data, "-w", ...args], true);
  const server = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () =>
      ctl("-l", `${dir}/log`, "-o", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, "start"),
    /** "fast": clients are cut off and the server shuts down cleanly; "immediate": as a crash. */
    stop: (mode: "fast" | "immediate" = "fast") => ctl("-m", mode, "stop"),
    async destroy() {
      await server.stop("immediate").catch(() => {});
      await Deno.remove(dir, { recursive: true });
    },
  };
  await server.start();
  return server;
}
