// Every request runs with a signal that aborts when its client goes away or its deadline passes.
// The database client reads it (server/db/client.ts): a statement still waiting for a connection
// is dropped instead of running for nobody, and one running is cancelled.
import { AsyncLocalStorage } from "node:async_hooks";
import type { MiddlewareHandler } from "hono";
import { AppError } from "./errors.ts";
import { msg } from "./messages.shared.ts";

// `answered`: what runs after the handler returned (a streamed body, a socket's handlers) keeps the
// async context but is no longer this request's to cut short.
const scope = new AsyncLocalStorage<{ signal: AbortSignal; answered: boolean } | undefined>();

/** The current request's signal until it is answered; undefined outside a request. */
export function requestSignal(): AbortSignal | undefined {
  const current = scope.getStore();
  return current && !current.answered ? current.signal : undefined;
}

/**
 * Runs work that is no request's own (it outlives the answer): no request signal cuts it short.
 * Not scope.exit: in Deno the request's store comes back after exit's work first awaits, so its
 * statements were cancelled with the request all the same.
 */
export const outsideRequest = <T>(work: () => T): T => scope.run(undefined, work);

export const abandoned = () => new AppError("UNAVAILABLE", msg("unavailable.abandoned"));

/** Runs the rest of the request under its signal; past `deadlineMs` it answers 503. */
export function requestScope(deadlineMs: number): MiddlewareHandler {
  const deadlines = deadlineQueue(deadlineMs);
  return async (c, next) => {
    // A socket's upgrade answers at once and its life is the hub's, not a request's.
    if (c.req.header("upgrade")?.toLowerCase() === "websocket") return await next();
    const client = c.req.raw.signal;
    if (client.aborted) throw abandoned();
    // One controller for the client's leaving and the deadline alike (AbortSignal.any and a timer
    // per request cost a request a few percent of its work, issue 31).
    const controller = new AbortController();
    const { signal } = controller;
    let onAbort = () => {};
    const late = new Promise<never>((_, reject) => {
      onAbort = () => {
        controller.abort();
        reject(abandoned());
      };
    });
    client.addEventListener("abort", onAbort, { once: true });
    const deadline = deadlines.add(onAbort);
    const current = { signal, answered: false };
    const work = scope.run(current, next);
    // Past the deadline the answer is sent without it; its own end is of no interest then.
    work.catch(() => {});
    try {
      await Promise.race([work, late]);
    } finally {
      // Abandoned (or past its deadline): whatever it still tries to run is refused.
      if (!signal.aborted) current.answered = true;
      deadline.done();
      client.removeEventListener("abort", onAbort);
    }
  };
}

interface Deadline {
  at: number;
  expire: () => void;
}

/**
 * The running requests' deadlines, checked by one timer every twentieth of `ms` while any runs: a
 * request answered past its deadline by at most that much more.
 */
function deadlineQueue(ms: number) {
  const running = new Set<Deadline>();
  let sweep: ReturnType<typeof setInterval> | undefined;
  const check = () => {
    const now = performance.now();
    for (const deadline of running) {
      if (deadline.at > now) continue;
      running.delete(deadline);
      deadline.expire();
    }
    if (running.size) return;
    clearInterval(sweep);
    sweep = undefined;
  };
  return {
    add(expire: () => void) {
      const deadline = { at: performance.now() + ms, expire };
      running.add(deadline);
      sweep ??= setInterval(check, Math.max(10, ms / 20));
      return { done: () => running.delete(deadline) };
    },
  };
}
