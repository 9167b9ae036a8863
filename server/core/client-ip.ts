import type { MiddlewareHandler } from "hono";
import { getConnInfo } from "hono/deno";

/** The caller's address: X-Forwarded-For only behind a trusted proxy, else the socket's. */
export function clientIp(trustProxy: boolean): MiddlewareHandler<{ Variables: { ip: string } }> {
  return async (c, next) => {
    let ip = "local";
    const forwarded = c.req.header("x-forwarded-for");
    if (trustProxy && forwarded) ip = forwarded.split(",")[0].trim();
    else {
      try {
        ip = getConnInfo(c).remote.address ?? ip;
      } catch {
        // app.request() in tests has no socket.
      }
    }
    c.set("ip", ip);
    await next();
  };
}
