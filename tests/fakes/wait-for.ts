// Polls a condition that a real socket will make true shortly; fails fast with what was awaited.
export async function waitFor(what: string, ok: () => boolean, timeoutMs = 3000) {
  const until = Date.now() + timeoutMs;
  while (!ok()) {
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
