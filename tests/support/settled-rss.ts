// A process's resident memory once it has settled. Another process's engine cannot be told to
// collect or to finish what it does after it first answers: it frees what closed sockets held, and
// ends its start-up's work (the markets, the feeds, the bot's first round), on its own schedule. So
// the reading is polled until it has made no new low ("falling") or no new high ("rising") for a
// while, within a short window.

const EVERY_MS = 200;
/** No new low or high (by at least STEP_MB) for this long: settled. */
const QUIET_MS = 2000;
const STEP_MB = 1;
const WINDOW_MS = 8000;

/**
 * `"falling"`: the lowest reading of `rssMb` (MB) once settled, or at the window's end, to tell
 * what is left after a load. `"rising"`: the highest, to measure a load from where a fresh
 * server's own start-up growth stops (issue 31: body-limit counted that growth in one run).
 */
export async function settledRss(
  rssMb: () => number,
  way: "falling" | "rising" = "falling",
): Promise<number> {
  const beyond = way === "falling"
    ? (rss: number, edge: number) => rss <= edge - STEP_MB
    : (rss: number, edge: number) => rss >= edge + STEP_MB;
  const pick = way === "falling" ? Math.min : Math.max;
  const started = performance.now();
  let edge = rssMb();
  let edgeAt = started;
  for (let now = started; now - edgeAt < QUIET_MS && now - started < WINDOW_MS;) {
    await new Promise((r) => setTimeout(r, EVERY_MS));
    now = performance.now();
    const rss = rssMb();
    if (beyond(rss, edge)) edgeAt = now;
    edge = pick(edge, rss);
  }
  return Math.round(edge);
}
