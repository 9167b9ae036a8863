// Database faults a request is not to blame for: the server is unreachable, restarting or
// overloaded, a statement ran past its time limit, or PostgreSQL picked it as a deadlock or
// serialization victim. They answer 503 with a message (the client may retry), never a 500.
import type { MessageCode } from "./messages.shared.ts";

/** PostgreSQL asks the client to run these again: nothing was written. */
const RETRYABLE = new Set(["40001", "40P01"]);
/** SQLSTATE classes and codes that mean "the database cannot serve now". */
const UNAVAILABLE_CLASSES = ["08", "53", "57"];
/** postgres.js's own connection errors (and the socket's). */
const CONNECTION_CODES = new Set([
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
]);

/** The SQLSTATE or driver code of an error, looking through drizzle's wrapper (`cause`). */
export function dbErrorCode(err: unknown): string | undefined {
  for (let e = err, depth = 0; e && typeof e === "object" && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export const isRetryable = (err: unknown) => RETRYABLE.has(dbErrorCode(err) ?? "");

/**
 * Why the database could not serve (the code of the message that says so), when that is what
 * `err` says; undefined for other errors.
 */
export function unavailableReason(err: unknown): MessageCode | undefined {
  const code = dbErrorCode(err);
  if (!code) return undefined;
  if (RETRYABLE.has(code)) return "unavailable.dbBusy";
  if (code === "57014") return "unavailable.dbSlow";
  if (CONNECTION_CODES.has(code) || UNAVAILABLE_CLASSES.includes(code.slice(0, 2))) {
    return "unavailable.dbUnreachable";
  }
  return undefined;
}

const MAX_ATTEMPTS = 4;

/**
 * Runs `work` again when PostgreSQL aborted it as a deadlock or serialization victim (it wrote
 * nothing), up to MAX_ATTEMPTS times with a short random pause so the rivals do not meet again.
 * `work` must be one statement or one whole transaction.
 */
export async function retryConflicts<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1;; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (attempt >= MAX_ATTEMPTS || !isRetryable(err)) throw err;
      console.warn(
        `database: ${dbErrorCode(err)} victim, running it again (attempt ${attempt + 1})`,
      );
      await new Promise((r) => setTimeout(r, attempt * (5 + Math.random() * 20)));
    }
  }
}
