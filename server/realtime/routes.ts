// The socket endpoint. The token is checked before the upgrade: a bad, revoked
// or enrolment-only token gets 401 and never a socket.
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { responds, tagRoute } from "../core/route-meta.ts";
import { upgradeWebSocket } from "hono/deno";
import { resolveSession } from "../auth/sessions.ts";
import type { AppEnv } from "../auth/env.ts";
import { AppError, forbidden, unauthorized } from "../core/errors.ts";
import type { Deps } from "../deps.ts";
import type { Connection } from "./connections.ts";
import { originAllowed } from "./origin.ts";
import { running } from "./realtime.ts";
import { answer, msg } from "../core/messages.shared.ts";
import { logError } from "../core/log-error.ts";

type SocketEnv = AppEnv & {
  Variables: { socketSession: NonNullable<Awaited<ReturnType<typeof resolveSession>>> };
};

export function realtimeRoutes(deps: Deps) {
  // Browsers cannot set headers on a WebSocket: the token comes in the query.
  const socketAuth = tagRoute(
    createMiddleware<SocketEnv>(async (c, next) => {
      const token = c.req.query("token") ?? "";
      const found = await resolveSession(deps.database, token, deps.clock.now(), deps.sessionCache);
      if (!found || found.session.scope !== "full") throw unauthorized();
      c.set("socketSession", found);
      await next();
    }),
    { auth: "socket" },
  );
  return new Hono<SocketEnv>()
    .get(
      "/socket",
      responds({
        101: null,
        403: "The page's origin may not open a socket",
        426: "Not a WebSocket upgrade",
        429: "Too many sockets for this user or address",
      }),
      socketAuth,
      async (c) => {
        const { hub } = running(deps);
        const found = c.get("socketSession");
        if (c.req.header("upgrade")?.toLowerCase() !== "websocket") {
          return c.json(answer(msg("api.upgradeExpected")), 426);
        }
        const origin = c.req.header("origin");
        const forwardedProto = deps.config.TRUST_PROXY
          ? c.req.header("x-forwarded-proto")
          : undefined;
        if (
          !originAllowed(origin, c.req.url, { allowed: deps.config.PUBLIC_ORIGINS, forwardedProto })
        ) {
          throw forbidden(msg("socket.originNotAllowed", { origin: origin ?? "" }));
        }
        const userKey = `user:${found.user.id}`;
        const { release, full } = hub.places.take({
          [userKey]: deps.config.WS_MAX_PER_USER,
          [`ip:${c.get("ip")}`]: deps.config.WS_MAX_PER_ADDRESS,
        });
        if (!release) {
          const said = msg(full === userKey ? "socket.tooMany" : "socket.tooManyFromAddress");
          throw new AppError("TOO_MANY_REQUESTS", said);
        }
        const grant = {
          user: found.user,
          sessionId: found.session.id,
          expiresAt: found.session.expiresAt,
        };
        let conn: Connection | undefined;
        try {
          return await upgradeWebSocket(c, {
            onOpen: (_evt, ws) => void (conn = hub.open(ws.raw as WebSocket, grant)),
            onMessage: (evt) => {
              if (conn) {
                hub.receive(conn, evt.data).catch((err) => logError("socket: message", err));
              }
            },
            // A socket that failed before it opened also closes: its place is given back either way.
            onClose: () => {
              release();
              if (conn) hub.closed(conn);
            },
          }, { idleTimeout: deps.config.WS_IDLE_TIMEOUT_S });
        } catch (err) {
          release();
          throw err;
        }
      },
    );
}
