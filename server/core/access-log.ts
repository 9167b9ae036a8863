// The access log: one line per answered request, written in batches. hono's logger built a line
// for each request's arrival too (thrown away here), awaited two promises per line, and
// console.log made one write to stdout per request: under 50 connections posting orders that was
// a system call per order (issue 31). The lines of BATCH_MS now go out in one write.
import type { MiddlewareHandler } from "hono";

/** `--> POST /api/transaction 201 3ms <request id>`, as hono's logger wrote it. */
export function accessLogLine(
  method: string,
  path: string,
  status: number,
  ms: number,
  requestId: string,
) {
  return `--> ${method} ${path} ${status} ${
    ms < 1000 ? `${ms}ms` : `${Math.round(ms / 1000)}s`
  } ${requestId}`;
}

export function accessLogger(
  write: (line: string) => void,
): MiddlewareHandler<{ Variables: { requestId: string } }> {
  return async (c, next) => {
    const start = Date.now();
    await next();
    const { url } = c.req;
    const path = url.slice(url.indexOf("/", 8));
    write(accessLogLine(c.req.method, path, c.res.status, Date.now() - start, c.get("requestId")));
  };
}

/** How long a line may wait for others: a timer per turn cost more wake-ups than it saved. */
export const BATCH_MS = 50;

/**
 * A line writer that gathers the lines of BATCH_MS from the first and writes them at once.
 * `flush` writes what is waiting, for shutdown: a crash loses at most the last BATCH_MS of lines.
 */
export function batchedLines(write: (text: string) => void, ms = BATCH_MS) {
  let waiting: string[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (!waiting.length) return;
    const text = waiting.join("\n") + "\n";
    waiting = [];
    write(text);
  };
  return {
    line(line: string) {
      waiting.push(line);
      timer ??= setTimeout(flush, ms);
    },
    flush,
  };
}

/** stdout, written whole (writeSync may write part of a large buffer). */
export function writeStdout(text: string) {
  const bytes = new TextEncoder().encode(text);
  let done = 0;
  while (done < bytes.length) done += Deno.stdout.writeSync(bytes.subarray(done));
}
