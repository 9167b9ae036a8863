// Bearer-token authentication and role checks. Every protected route goes through these.
import type { Context, MiddlewareHandler } from "hono";
import { every } from "hono/combine";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./env.ts";
import { tagRoute } from "../core/route-meta.ts";
import { forbidden, unauthorized } from "../core/errors.ts";
import type { Deps } from "../deps.ts";
import { can, type Permission } from "./roles.shared.ts";
import { resolveSession, type SessionScope } from "./sessions.ts";
import { msg } from "../core/messages.shared.ts";

export function bearerToken(c: Context): string | null {
  const header = c.req.header("authorization") ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

/** Requires a live session; enrolment tokens pass only where `scope` is "enroll". */
export function requireAuth(
  deps: Pick<Deps, "clock" | "database" | "sessionCache">,
  scope: SessionScope = "full",
): MiddlewareHandler<AppEnv> {
  return tagRoute(
    createMiddleware<AppEnv>(async (c, next) => {
      const token = bearerToken(c);
      const found = token
        ? await resolveSession(deps.database, token, deps.clock.now(), deps.sessionCache)
        : null;
      if (!found || !token) throw unauthorized();
      if (scope === "full" && found.session.scope !== "full") {
        throw unauthorized(msg("auth.finishEnrolment"));
      }
      c.set("user", found.user);
      c.set("token", token);
      await next();
    }),
    { auth: scope },
  );
}

/** Sets the user when a valid full token is present, and goes on without one otherwise. */
export function optionalAuth(
  deps: Pick<Deps, "clock" | "database" | "sessionCache">,
): MiddlewareHandler<AppEnv> {
  return tagRoute(
    createMiddleware<AppEnv>(async (c, next) => {
      const token = bearerToken(c);
      const found = token
        ? await resolveSession(deps.database, token, deps.clock.now(), deps.sessionCache)
        : null;
      if (found && token && found.session.scope === "full") {
        c.set("user", found.user);
        c.set("token", token);
      }
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

/** requireAuth then requirePermission as one middleware, tagged with both for the OpenAPI document. */
export function requireAuthAndPermission(
  deps: Pick<Deps, "clock" | "database" | "sessionCache">,
  permission: Permission,
): MiddlewareHandler<AppEnv> {
  return tagRoute(every(requireAuth(deps), requirePermission(permission)), {
    auth: "full",
    permission,
  });
}
