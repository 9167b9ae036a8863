// Five anonymous clients each send a 50 MB body to /api/users/login at once, two of them
// streamed without Content-Length (so the server has to count), to the real server run as a
// subprocess on PGlite. Figures: the server's resident memory before and at its peak, and how
// long /api/health takes meanwhile. Held to: RSS +16 MB at most, every answer 413.
// RSS is measured from where the server's start-up growth stops (tests/support/settled-rss.ts).
import { rssMb } from "../support/process-stats.ts";
import { startBenchServer } from "../support/bench-server.ts";
import { settledRss } from "../support/settled-rss.ts";

const CLIENTS = 5;
const BODY_MB = 50;
const MAX_RSS_GROWTH_MB = 16;

function streamed(bytes: number) {
  const chunk = new Uint8Array(64 * 1024).fill(0x61);
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(ctrl) {
      if (sent >= bytes) return ctrl.close();
      ctrl.enqueue(chunk);
      sent += chunk.length;
    },
  });
}

async function send(base: string, i: number) {
  const bytes = BODY_MB * 1024 * 1024;
  try {
    const res = await fetch(`${base}/api/users/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: i % 2 ? streamed(bytes) : new Uint8Array(bytes).fill(0x61),
      // @ts-ignore: streamed request bodies need duplex "half"; lib.dom's RequestInit lacks it.
      duplex: "half",
    });
    await res.body?.cancel();
    return res.status;
  } catch {
    // The server answered 413 and closed the connection before the client finished sending.
    return 413;
  }
}

export async function run() {
  const dataDir = await Deno.makeTempDir({ prefix: "gatebot-bench-body-" });
  const { base, child } = await startBenchServer({ DATA_DIR: dataDir });
  try {
    await (await fetch(`${base}/api/health`)).body?.cancel();
    // From where the server's start-up growth stops: it goes on after the first answer.
    const before = await settledRss(() => rssMb(child.pid), "rising");
    let peak = before;
    const sampler = setInterval(() => peak = Math.max(peak, rssMb(child.pid)), 20);
    const sending = Promise.all(Array.from({ length: CLIENTS }, (_, i) => send(base, i)));
    const t0 = performance.now();
    await (await fetch(`${base}/api/health`)).body?.cancel();
    const healthMs = performance.now() - t0;
    const statuses = await sending;
    clearInterval(sampler);
    peak = Math.max(peak, rssMb(child.pid));
    const growth = peak - before;
    console.log(`${CLIENTS} clients x ${BODY_MB} MB bodies: answers ${statuses.join(", ")}`);
    console.log(
      `server RSS ${before.toFixed(1)} MB before, peak ${peak.toFixed(1)} MB (+${
        growth.toFixed(1)
      } MB, limit +${MAX_RSS_GROWTH_MB}); /api/health meanwhile ${healthMs.toFixed(1)} ms`,
    );
    return growth <= MAX_RSS_GROWTH_MB && statuses.every((s) => s === 413);
  } finally {
    child.kill("SIGTERM");
    await child.status;
    await Deno.remove(dataDir, { recursive: true });
  }
}
