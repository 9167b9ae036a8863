// PostgreSQL stopped and started under load (a private server): nothing acknowledged is lost,
// every error is a 503 with a message, health turns not-ready and back, and a retry with the
// same Idempotency-Key after a 503 makes exactly one row.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { openDatabase } from "../../server/db/client.ts";
import { transactions } from "../../server/db/schema.ts";
import { startServerProcess } from "../support/server-process.ts";
import { privatePostgres } from "./private-postgres.ts";
import { APP_SECRET_KEY, prepare, sleep, trade } from "./support.ts";

const CLIENTS = 4;
const OUTAGE_MS = 3000;

Deno.test("faults: PostgreSQL stopped and started under load: 0 acknowledged rows lost, errors all 503 with a message", async () => {
  const pg = await privatePostgres();
  try {
    const trader = await prepare({ url: pg.url });
    // Start-up waits for the database: the server is launched while PostgreSQL is down.
    await pg.stop();
    const starting = startServerProcess({
      env: {
        DATABASE_URL: pg.url,
        APP_SECRET_KEY,
        PAPER_START_BALANCES: "USDT:100000000,BTC:100",
        // A still market: a price that moved between reading it and trading is a refusal (400).
        MARKET_SIM_INTERVAL_MS: "3600000",
      },
    });
    await sleep(5000);
    await pg.start();
    const server = await starting;
    assert.match(server.output(), /Waiting for the database at 127\.0\.0\.1:\d+/);

    const acked: number[] = [];
    const errors = new Map<string, number>();
    let retried = 0;
    let stop = false;
    const client = async () => {
      while (!stop) {
        const key = crypto.randomUUID();
        // As the web client does: one key per click, resent after a network error or a 503.
        for (let attempt = 0; attempt < 200 && !stop; attempt++) {
          if (attempt) retried++;
          let res: Response;
          try {
            // Longer than the server's own 10 s deadline, as a browser's is: the server answers
            // first (a 503), and a resend never finds its first request still running (409).
            res = await trade(server.base, trader, { key, signal: AbortSignal.timeout(15_000) });
          } catch (err) {
            errors.set(`network: ${(err as Error).name}`, (errors.get(`network`) ?? 0) + 1);
            await sleep(200);
            continue;
          }
          const body = await res.json().catch(() => ({}));
          if (res.status === 201) {
            acked.push(body.transaction.id);
            break;
          }
          const label = `${res.status} ${String(body.message).replace(/: .*/, ": …")}`;
          errors.set(label, (errors.get(label) ?? 0) + 1);
          // A resend while the first request with its key still runs (the server answered it 503
          // at its deadline, but its statement had not yet failed) is told so (409, issue 30) and
          // is sent again after a pause, as the answer says.
          if (res.status !== 503 && res.status !== 409) break;
          await sleep(200);
        }
      }
    };
    const health: { at: number; ok: boolean }[] = [];
    const poll = (async () => {
      while (!stop) {
        const res = await fetch(`${server.base}/api/health`).catch(() => null);
        health.push({ at: performance.now(), ok: res?.status === 200 });
        await res?.body?.cancel();
        await sleep(100);
      }
    })();
    const clients = Array.from({ length: CLIENTS }, client);
    await sleep(3000);
    const before = acked.length;
    const downAt = performance.now();
    await pg.stop("fast");
    await sleep(OUTAGE_MS);
    await pg.start();
    const upAt = performance.now();
    while (!health.some((h) => h.at > upAt && h.ok)) await sleep(50);
    const readyMs = health.find((h) => h.at > upAt && h.ok)!.at - upAt;
    await sleep(3000);
    stop = true;
    await Promise.all([...clients, poll]);
    await server.kill("SIGTERM");

    const database = await openDatabase({ url: pg.url, max: 1, migrate: false });
    try {
      const rows = await database.db.select({ id: transactions.id }).from(transactions)
        .where(eq(transactions.userId, trader.userId));
      const stored = new Set(rows.map((r) => r.id));
      const lost = acked.filter((id) => !stored.has(id));
      const notReady = health.some((h) => h.at > downAt && h.at < upAt && !h.ok);
      console.log(
        `PostgreSQL stop/start under ${CLIENTS} clients: ${acked.length} acknowledged ` +
          `(${before} before the outage), ${rows.length} stored, ${lost.length} lost; ` +
          `errors ${JSON.stringify(Object.fromEntries(errors))}; ${retried} retries; ` +
          `health not ready during the outage: ${notReady}; ready ${readyMs.toFixed(0)} ms ` +
          "after PostgreSQL was back",
      );
      assert.deepEqual(lost, []);
      assert.equal(rows.length, acked.length, "one row per key: no retry placed a second");
      for (const label of errors.keys()) {
        assert.match(
          label,
          /^(503 Service unavailable|409 The first request with this Idempotency)/,
        );
      }
      assert.ok(errors.size > 0, "the outage was seen");
      assert.ok(notReady, "health turned not ready");
    } finally {
      await database.close();
    }
  } finally {
    await pg.destroy();
  }
});
