// Every request body is capped before anything reads it: JSON calls are small, only an upload
// route may send more. Too large answers 413 with a message, read from Content-Length when sent
// (nothing is read at all) or counted while streaming otherwise.
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { answer, msg } from "./messages.shared.ts";

/** JSON bodies: the largest legitimate one (a bot key's sealed fields) is under 4 KiB. */
export const JSON_BODY_LIMIT = 64 * 1024;

const kib = (bytes: number) => `${Math.round(bytes / 1024)} KiB`;

function limit(maxSize: number): MiddlewareHandler {
  return bodyLimit({
    maxSize,
    onError: (c) => c.json(answer(msg("api.bodyTooLarge", { limit: kib(maxSize) })), 413),
  });
}

/** `uploads` maps an exact path to its larger limit; every other path gets JSON_BODY_LIMIT. */
export function limitBodies(uploads: Record<string, number> = {}): MiddlewareHandler {
  const small = limit(JSON_BODY_LIMIT);
  const large = new Map(Object.entries(uploads).map(([path, size]) => [path, limit(size)]));
  return (c, next) => (large.get(c.req.path) ?? small)(c, next);
}
