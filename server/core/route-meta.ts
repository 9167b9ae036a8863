// What a middleware tells the OpenAPI document about its route: the schema it validates, the
// session it requires, the permission it checks. Kept beside the function, not in a second list.
import type { $ZodType } from "zod/v4/core";

export interface RouteMeta {
  validate?: { target: string; schema: $ZodType };
  /** "socket": a full session's token in the `token` query parameter (WebSocket upgrades). */
  auth?: "enroll" | "full" | "optional" | "socket";
  permission?: string;
}

const META = new WeakMap<object, RouteMeta>();

export function tagRoute<T extends object>(fn: T, meta: RouteMeta): T {
  META.set(fn, meta);
  return fn;
}

export const routeMeta = (fn: object): RouteMeta | undefined => META.get(fn);
