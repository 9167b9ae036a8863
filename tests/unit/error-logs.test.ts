// Issue 17: every error reaches the log through the one redacting logError. The source is read
// for console.error / console.warn calls handed an error, and the paths outside a request (bot
// worker, market listeners, exchange messages) are run with a failed query carrying secrets.
import assert from "node:assert/strict";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { BotWorker } from "../../server/bot/worker.ts";
import { logError } from "../../server/core/log-error.ts";
import type { Db } from "../../server/db/client.ts";
import { makeTestApp } from "../support/test-app.ts";

const HASH = "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA";
const SIGNATURE = "5f1a2b3c4d5e6f708192a3b4c5d6e7f8";

/** A failed insert of a user, as drizzle throws it: the password hash is one of its parameters. */
const failedInsert = () =>
  new DrizzleQueryError(
    'insert into "users" ("username", "password_hash") values ($1, $2)',
    ["alice", HASH],
    new Error("connection terminated"),
  );

async function captured(work: () => Promise<void> | void) {
  const lines: string[] = [];
  const original = { error: console.error, warn: console.warn };
  console.error = console.warn = (...args: unknown[]) =>
    void lines.push(args.map((a) => a instanceof Error ? `${a.stack}` : String(a)).join(" "));
  try {
    await work();
  } finally {
    Object.assign(console, original);
  }
  return lines.join("\n");
}

/** Each console.error / console.warn call of a file: its text up to the closing parenthesis. */
function consoleCalls(source: string) {
  const calls: string[] = [];
  for (const m of source.matchAll(/console\.(?:error|warn)\(/g)) {
    let depth = 0;
    let i = m.index!;
    do {
      if (source[i] === "(") depth++;
      if (source[i] === ")") depth--;
      i++;
    } while (depth > 0 || source[i - 1] !== ")");
    calls.push(source.slice(m.index!, i));
  }
  return calls;
}

async function* serverFiles(dir: string): AsyncGenerator<string> {
  for await (const entry of Deno.readDir(dir)) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory) yield* serverFiles(path);
    else if (path.endsWith(".ts")) yield path;
  }
}

/** Calls that name an error but log only what the server wrote itself, and why that is safe. */
const OWN_TEXT = new Map([
  ["server/main.ts: console.error((err as Error).message)", "a bad setting, named by parseConfig"],
  ["server/main.ts: console.error(err.message)", "DataDirInUse: who holds the data folder"],
  [
    "server/core/database-faults.ts: console.warn( `database: ${dbErrorCode(err)} victim, running it again (attempt ${attempt + 1})`, )",
    "the SQLSTATE only",
  ],
]);

Deno.test("error logs: no console.error or console.warn outside logError is handed an error", async () => {
  const root = new URL("../../", import.meta.url).pathname;
  const handed: string[] = [];
  for await (const path of serverFiles(`${root}server`)) {
    const file = path.slice(root.length);
    if (file === "server/core/log-error.ts") continue;
    for (const call of consoleCalls(await Deno.readTextFile(path))) {
      const said = `${file}: ${call.replace(/\s+/g, " ")}`;
      const args = call.slice(call.indexOf("(") + 1);
      if (/\b(err|error|e|cause|reason)\b/.test(args) && !OWN_TEXT.has(said)) handed.push(said);
    }
  }
  assert.deepEqual(handed, []);
});

Deno.test("error logs: a bot worker's failed scan and a market listener's error are logged redacted", async () => {
  const t = await makeTestApp();
  try {
    // Every query of this worker fails the way drizzle fails, with a secret among its parameters.
    const failing = new Proxy(t.deps.db, {
      get: () => () => {
        throw failedInsert();
      },
    }) as Db;
    const worker = new BotWorker({ ...t.deps, db: failing });
    const workerLog = await captured(async () => {
      worker.schedule("binance", "btc_usdt");
      await worker.idle();
    });
    assert.match(
      workerLog,
      /bot worker: scan of binance:btc_usdt failed: Error: failed query: insert into "users"/,
    );
    assert.match(workerLog, /username="alice"/);
    assert.ok(!workerLog.includes(HASH), workerLog);

    const off = t.market.feed("binance").onTick(() => {
      throw failedInsert();
    });
    const tickLog = await captured(() => t.market.sim("binance")!.setPrice("btc_usdt", "60001"));
    off?.();
    assert.match(tickLog, /market tick listener failed: Error: failed query/);
    assert.ok(!tickLog.includes(HASH), tickLog);
  } finally {
    await t.close();
  }
});

Deno.test("error logs: a signed URL in an error's message is withheld by name", async () => {
  const url = `https://api.binance.com/api/v3/order?symbol=BTCUSDT&signature=${SIGNATURE}`;
  const text = await captured(() =>
    logError("order tx1", new TypeError(`error sending request for url (${url})`))
  );
  assert.match(
    text,
    /order tx1: TypeError: error sending request .*symbol=BTCUSDT&signature=\[redacted\]/,
  );
  assert.ok(!text.includes(SIGNATURE));
});

Deno.test("logError: an expected outage error (the database unreachable) is one line, no stack", async () => {
  const gone = Object.assign(new Error("write CONNECTION_ENDED 127.0.0.1:5432"), {
    code: "CONNECTION_ENDED",
  });
  const logged = await captured(() =>
    logError("realtime", new DrizzleQueryError("select pg_notify($1, $2)", ["bus", "{}"], gone))
  );
  assert.equal(logged.split("\n").length, 1, logged);
  assert.match(logged, /^realtime: .*database/i);
  // An unexpected error keeps its stack.
  const unexpected = await captured(() => logError("realtime", new TypeError("x is undefined")));
  assert.ok(unexpected.split("\n").length > 1);
});
