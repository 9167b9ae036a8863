// `deno task fuzz`: the long fuzz run, printing its figures. FUZZ_REQUESTS and FUZZ_SEED change
// the request part, FUZZ_ROUNDS the socket and slow-client part (0 skips it); TEST_DATABASE_URL
// runs it on PostgreSQL. Run with --v8-flags=--expose-gc for settled RSS figures.
import { runAbuse } from "./abuse.ts";
import { runFuzz } from "./fuzz.ts";

const requests = Number(Deno.env.get("FUZZ_REQUESTS") ?? 5000);
const rounds = Number(Deno.env.get("FUZZ_ROUNDS") ?? 40);
const seed = Number(Deno.env.get("FUZZ_SEED") ?? 17);
const failures: string[] = [];

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
  const a = await runAbuse({
    seed,
    rounds,
    maxFrameBytes: 16 * 1024 * 1024,
    slowBodies: 30,
    slowHeaders: 10,
    slowHeaderWindowMs: 15_000,
    addresses: 30,
  });
  console.log(
    `sockets: ${a.rounds} rounds, ${a.socketsOpened} opened, ${a.socketsRefused} refused, ` +
      `cap breaches ${a.capBreaches.length} (limit 0), ${a.framesSent} hostile frames, ` +
      `refused frames that left the socket open ${a.socketsKeptOpen} (limit 0)`,
  );
  console.log(
    `RSS: ${a.rssIdleMb} MB idle, ${a.rssAfterMb} MB after the sockets ` +
      `(+${a.rssAfterMb - a.rssIdleMb} MB, limit +64)`,
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
  if (a.rssAfterMb - a.rssIdleMb > 64) failures.push("RSS over +64 MB");
  if (a.guessesFromManyChecked > a.guessesFromOneChecked) failures.push("more guesses checked");
  if (!a.ownerGotIn) failures.push("the owner was kept out");
}

for (const line of failures.slice(0, 20)) console.log(`  ${line}`);
Deno.exit(failures.length ? 1 : 0);
