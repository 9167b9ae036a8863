// A process's resident memory once it has stopped falling. Another process's engine cannot be
// told to collect: it frees what closed sockets held on its own schedule, so the reading is
// polled until it has made no new low for a while, within a short window.

const EVERY_MS = 200;
/** No new low (by at least STEP_MB) for this long: settled. */
const QUIET_MS = 2000;
const STEP_MB = 1;
const WINDOW_MS = 8000;

/** The lowest reading of `rssMb` (MB) once settled, or at the window's end. */
export async function settledRss(rssMb: () => number): Promise<number> {
  const started = performance.now();
  let low = rssMb();
  let lowAt = started;
  for (let now = started; now - lowAt < QUIET_MS && now - started < WINDOW_MS;) {
    await new Promise((r) => setTimeout(r, EVERY_MS));
    now = performance.now();
    const rss = rssMb();
    if (rss <= low - STEP_MB) lowAt = now;
    low = Math.min(low, rss);
  }
  return Math.round(low);
}
