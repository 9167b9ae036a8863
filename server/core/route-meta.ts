// What a middleware tells the OpenAPI document about its route: the schema it validates, the
// session it requires, the permission it checks, what it answers. Kept beside the function, not in
// a second list.
import type { MiddlewareHandler } from "hono";
import type { $ZodType } from "zod/v4/core";

/** A body that is not JSON (a CSV download, a stored file): its media type and what it is. */
export interface FileAnswer {
  mediaType: string;
  description: string;
}

/**
 * One status's answer: a zod schema for a JSON body, a sentence for an error's `{ message }` body
 * (server/core/answer-schema.ts), a file, or null for no body (204, a socket's 101).
 */
export type Answer = $ZodType | string | FileAnswer | null;

export interface RouteMeta {
  validate?: { target: string; schema: $ZodType };
  /** "socket": a full session's token in the `token` query parameter (WebSocket upgrades). */
  auth?: "enroll" | "full" | "optional" | "socket";
  permission?: string;
  /** The statuses the route's own code answers; the middleware's (400, 401, 403...) come with it. */
  responses?: Record<number, Answer>;
}

const META = new WeakMap<object, RouteMeta>();

export function tagRoute<T extends object>(fn: T, meta: RouteMeta): T {
  META.set(fn, meta);
  return fn;
}

export const routeMeta = (fn: object): RouteMeta | undefined => META.get(fn);

/**
 * Declares what a route answers, by status: `responds({ 200: listSchema, 404: "No such row" })`.
 * It does nothing at run time; the API tests hold every answer to it (tests/support/answers.ts).
 */
export const responds = (responses: Record<number, Answer>): MiddlewareHandler =>
  tagRoute((_c, next) => next(), { responses });

export const file = (mediaType: string, description: string): FileAnswer => ({
  mediaType,
  description,
});

export const isFileAnswer = (a: Answer): a is FileAnswer =>
  typeof a === "object" && a !== null && "mediaType" in a;
