// Polling for a condition that something running alongside the test (a socket, the bus, a
// browser) will make true shortly; fails with what was awaited.

/** Polls `check` every `everyMs` until it holds, failing after `timeoutMs`. */
export async function until(
  check: () => boolean | Promise<boolean>,
  timeoutMs = 3000,
  what = "condition",
  everyMs = 10,
) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
