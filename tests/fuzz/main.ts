// `deno task fuzz`: the long fuzz run, printing its figures. FUZZ_REQUESTS and FUZZ_SEED change
// the request part, FUZZ_ROUNDS the socket and slow-client part (0 skips it); TEST_DATABASE_URL
// runs it on PostgreSQL. The sockets and slow clients go to the server run as its own process,
// whose resident memory is the figure held to +64 MB of idle.
import { ABUSE_LIMITS, runAbuse } from "./abuse.ts";
import { startAbusedServer } from "./abused-server.ts";
import { runFuzz } from "./fuzz.ts";

const requests = Number(Deno.env.get("FUZZ_REQUESTS") ?? 5000);
const rounds = Number(Deno.env.get("FUZZ_ROUNDS") ?? 40);
const seed = Number(Deno.env.get("FUZZ_SEED") ?? 17);
const failures: string[] = [];
/** Issue 30: the server's memory after any socket abuse, over its idle figure. */
const RSS_LIMIT_MB = 64;

if (requests > 0) {
  const f = await runFuzz({ requests, seed });
  const statuses = Object.entries(f.byStatus).map(([s, n]) => `${s}: ${n}`).join(", ");
  console.log(`fuzz: ${f.requests} requests in ${(f.ms / 1000).toFixed(1)} s (seed ${seed})`);
  console.log(`answers by status: ${statuses}`);
  console.log(
    `5xx: ${f.serverErrors.length} (limit 0); deliberate 503 (feature not set up): ${f.unavailable}`,
  );
  console.log(`refused requests that changed a row count: ${f.rowChanges.length} (limit 0)`);
  console.log(`secrets found in the log: ${f.secretsInLog.length} (limit 0)`);
  console.log(`answers off the OpenAPI document: ${f.undocumented.length} (limit 0)`);
  failures.push(...f.serverErrors, ...f.rowChanges, ...f.undocumented, ...f.secretsInLog);
}

if (rounds > 0) {
  const server = await startAbusedServer(ABUSE_LIMITS);
  const a = await runAbuse({
    seed,
    rounds,
    maxFrameBytes: 16 * 1024 * 1024,
    slowBodies: 30,
    slowHeaders: 10,
    slowHeaderWindowMs: 15_000,
    addresses: 30,
    server,
  }).finally(() => server.stop());
  const rss = a.rss!;
  console.log(
    `sockets: ${a.rounds} rounds, ${a.socketsOpened} opened, ${a.socketsRefused} refused, ` +
      `cap breaches ${a.capBreaches.length} (limit 0), ${a.framesSent} hostile frames, ` +
      `refused frames that left the socket open ${a.socketsKeptOpen} (limit 0)`,
  );
  console.log(
    `server process RSS on ${server.database}: ${rss.idle} MB idle after a warm-up, peak ` +
      `${rss.peak} MB (+${rss.peak - rss.idle}), ${rss.after} MB after the sockets and slow ` +
      `clients closed (+${rss.after - rss.idle} MB, limit +${RSS_LIMIT_MB})`,
  );
  console.log(
    `slow bodies: ${a.slowBodies}, worst answer ${a.slowBodyWorstMs} ms, worst close ` +
      `${a.slowBodyClosedWorstMs} ms, hangs ${a.slowBodyHangs.length} (limit 0)`,
  );
  console.log(
    `slow headers: ${a.slowHeadersHeld} of ${a.slowHeaders} still held after 15 s (limit 0)`,
  );
  console.log(
    `guesses (30 addresses x 3 at one account, 90 from one address at another): passwords ` +
      `checked ${a.guessesFromManyChecked} vs ${a.guessesFromOneChecked}; the owner got in: ` +
      a.ownerGotIn,
  );
  failures.push(...a.capBreaches, ...a.slowBodyHangs);
  if (a.socketsKeptOpen) failures.push(`${a.socketsKeptOpen} sockets kept open`);
  if (a.slowHeadersHeld) failures.push(`${a.slowHeadersHeld} slow headers held`);
  if (rss.after - rss.idle > RSS_LIMIT_MB) failures.push(`RSS over +${RSS_LIMIT_MB} MB`);
  if (a.guessesFromManyChecked > a.guessesFromOneChecked) failures.push("more guesses checked");
  if (!a.ownerGotIn) failures.push("the owner was kept out");
}

for (const line of failures.slice(0, 20)) console.log(`  ${line}`);
Deno.exit(failures.length ? 1 : 0);
