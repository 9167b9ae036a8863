// Maps every thrown error to a response in one place. Only 5xx are logged, one line each with
// the request id; a stack only for the unexpected ones (a database outage would print thousands).
import type { Context, ErrorHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { unavailableReason } from "./database-faults.ts";
import { AppError } from "./errors.ts";
import { logError } from "./log-error.ts";
import { answer, type MessageCode, msg } from "./messages.shared.ts";

const idOf = (c: Context) => (c.get("requestId") as string | undefined) ?? "-";

export const onError: ErrorHandler = (thrown, c) => {
  // A statement the database layer refused itself (an abandoned request's) comes wrapped by drizzle.
  const err = thrown instanceof Error && thrown.cause instanceof AppError ? thrown.cause : thrown;
  if (err instanceof AppError) {
    if (err.status >= 500 && !clientLeft(c, err.messageCode)) {
      logError(`${idOf(c)} ${c.req.method} ${c.req.path} ${err.status}: ${err.message}`);
    }
    // Every 429 and 503 says when to come back (a second unless it knows better), and so does any
    // refusal that knows its wait (a 409 for a request still running).
    if (err.retryAfterS !== undefined || err.status === 429 || err.status === 503) {
      c.header("Retry-After", String(err.retryAfterS ?? 1));
    }
    const { message, messageCode, messageParams: params, messageLines: lines, field } = err;
    return c.json({ message, code: messageCode ?? err.code, params, lines, field }, err.status);
  }
  if (err instanceof HTTPException) {
    const status = err.status;
    if (status >= 500) {
      logError(`${idOf(c)} ${c.req.method} ${c.req.path} ${status}: ${err.message}`);
    }
    return c.json(answer(msg("api.requestFailed")), status);
  }
  if (err instanceof SyntaxError) {
    // A body that is not JSON never reaches the validators.
    return c.json(answer(msg("api.malformedJson")), 400);
  }
  const reason = unavailableReason(err);
  if (reason) {
    const said = msg(reason);
    if (!clientLeft(c, reason)) {
      logError(`${idOf(c)} ${c.req.method} ${c.req.path} 503: ${said.text} ${oneLine(err)}`);
    }
    c.header("Retry-After", "1");
    return c.json(answer(said), 503);
  }
  logError(`${idOf(c)} ${c.req.method} ${c.req.path} 500`, err);
  return c.json(answer(msg("api.internal")), 500);
};

/**
 * The request's client went away before its answer: nothing reads the 503, and its leaving (a page
 * closed, a load generator stopping) is not the server's fault. The access log keeps the request;
 * the error log would have held a line for each one (tens at the end of every load test). Two
 * answers come of it: the request scope's "abandoned", and the statement it then cancelled ending
 * in 57014 ("took too long", though it was not slow). A request past its deadline still logs: its
 * client is waiting.
 */
const LEAVING = new Set<MessageCode | undefined>(["unavailable.abandoned", "unavailable.dbSlow"]);
const clientLeft = (c: Context, code: MessageCode | undefined) =>
  LEAVING.has(code) && c.req.raw.signal.aborted;

function oneLine(err: unknown) {
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
  return (cause instanceof Error ? cause.message : String(cause)).split("\n")[0];
}
