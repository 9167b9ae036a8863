// Bearer-token authentication and role checks. Every protected route goes through these.
import type { Context, MiddlewareHandler } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./env.ts";
import { tagRoute } from "../core/route-meta.ts";
import { forbidden, unauthorized } from "../core/errors.ts";
import type { Deps } from "../deps.ts";
import { can, type Permission } from "./roles.shared.ts";
import { resolveSession, type SessionScope } from "./sessions.ts";
import type { FoundSession } from "./session-cache.ts";
import { msg } from "../core/messages.shared.ts";

export function bearerToken(c: Context): string | null {
  const header = c.req.header("authorization") ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

type SessionDeps = Pick<Deps, "clock" | "database" | "sessionCache">;
type Found = FoundSession & { token: string };

/** The live session the request's bearer token names, if any. */
async function sessionOf(deps: SessionDeps, c: Context): Promise<Found | null> {
  const token = bearerToken(c);
  const found = token
    ? await resolveSession(deps.database, token, deps.clock.now(), deps.sessionCache)
    : null;
  return found && token ? { ...found, token } : null;
}

function signedIn(c: Context<AppEnv>, found: Found) {
  c.set("user", found.user);
  c.set("token", found.token);
}

/** Signs the request in with its live session; enrolment tokens pass only where `scope` is "enroll". */
async function authenticate(deps: SessionDeps, c: Context<AppEnv>, scope: SessionScope) {
  const found = await sessionOf(deps, c);
  if (!found) throw unauthorized();
  if (scope === "full" && found.session.scope !== "full") {
    throw unauthorized(msg("auth.finishEnrolment"));
  }
  signedIn(c, found);
}

/** Requires a live session; enrolment tokens pass only where `scope` is "enroll". */
export function requireAuth(
  deps: SessionDeps,
  scope: SessionScope = "full",
): MiddlewareHandler<AppEnv> {
  return tagRoute(
    createMiddleware<AppEnv>(async (c, next) => {
      await authenticate(deps, c, scope);
      await next();
    }),
    { auth: scope },
  );
}

/** Sets the user when a valid full token is present, and goes on without one otherwise. */
export function optionalAuth(
  deps: SessionDeps,
): MiddlewareHandler<AppEnv> {
  return tagRoute(
    createMiddleware<AppEnv>(async (c, next) => {
      const found = await sessionOf(deps, c);
      if (found?.session.scope === "full") signedIn(c, found);
      await next();
    }),
    { auth: "optional" },
  );
}

export function requirePermission(permission: Permission): MiddlewareHandler<AppEnv> {
  return tagRoute(
    createMiddleware<AppEnv>(async (c, next) => {
      if (!can(c.get("user").role, permission)) throw forbidden();
      await next();
    }),
    { permission },
  );
}

/**
 * requireAuth then requirePermission as one middleware, tagged with both for the OpenAPI document
 * (not hono's `every` of the two: on every request of nearly every route, its composing cost more
 * than the checks).
 */
export function requireAuthAndPermission(
  deps: SessionDeps,
  permission: Permission,
): MiddlewareHandler<AppEnv> {
  return tagRoute(
    createMiddleware<AppEnv>(async (c, next) => {
      await authenticate(deps, c, "full");
      if (!can(c.get("user").role, permission)) throw forbidden();
      await next();
    }),
    { auth: "full", permission },
  );
}
