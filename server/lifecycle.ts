// Graceful stop on SIGTERM and SIGINT (Ctrl-C): the steps run in order, each bounded, then the
// process exits 0. A second signal while stopping exits at once (1).
export interface StopStep {
  name: string;
  run(): Promise<unknown> | unknown;
}

export function stopOnSignals(
  steps: () => StopStep[],
  opts: { timeoutMs: number; log?: (line: string) => void },
) {
  const log = opts.log ?? console.log;
  let stopping = false;
  const onSignal = (signal: Deno.Signal) => async () => {
    if (stopping) {
      log(`${signal} again: exiting without finishing the stop`);
      Deno.exit(1);
    }
    stopping = true;
    log(`${signal}: stopping (in-flight work has ${opts.timeoutMs} ms)`);
    for (const step of steps()) {
      const outcome = await within(Promise.resolve().then(() => step.run()), opts.timeoutMs);
      if (outcome !== "done") log(`stop: ${step.name} ${outcome}`);
    }
    log("stopped cleanly");
    Deno.exit(0);
  };
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    try {
      Deno.addSignalListener(signal, onSignal(signal));
    } catch {
      // No signals where the platform stops the process itself (Deno Deploy).
    }
  }
}

async function within(work: Promise<unknown>, ms: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<string>((r) =>
    timer = setTimeout(() => r(`timed out after ${ms} ms`), ms)
  );
  try {
    return await Promise.race([
      work.then(() => "done", (err) => `failed: ${err instanceof Error ? err.message : err}`),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
