// Security headers on every answer. The CSP allows scripts only from our own origin (the built
// client has no inline script); styles may be inline because Mantine writes its theme variables
// into a <style> element at run time; images may be data: URLs (the enrolment QR code).
import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";

const HSTS = "max-age=31536000; includeSubDomains";

/** `trustProxy`: the scheme a TLS-terminating proxy reports in X-Forwarded-Proto is believed. */
export function securityHeaders(trustProxy: boolean): MiddlewareHandler {
  const headers = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:"],
      mediaSrc: ["'self'", "data:"],
      fontSrc: ["'self'", "data:"],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: "DENY",
    referrerPolicy: "same-origin",
    // HSTS only means something over TLS; over plain HTTP it would be ignored or, behind a
    // proxy that is not TLS, wrong.
    strictTransportSecurity: false,
    // A route that sets its own (an uploaded file's sandbox CSP) keeps it.
    overwrite: false,
  });
  return async (c, next) => {
    await headers(c, next);
    const proto = trustProxy ? c.req.header("x-forwarded-proto") : undefined;
    if ((proto ?? new URL(c.req.url).protocol.replace(":", "")) === "https") {
      c.res.headers.set("Strict-Transport-Security", HSTS);
    }
  };
}

/**
 * API answers are never stored by a browser or proxy: several carry tokens, TOTP secrets or
 * reset tokens, and none is worth caching. A route that chose its own Cache-Control keeps it.
 */
export const noStore: MiddlewareHandler = async (c, next) => {
  await next();
  if (!c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", "no-store");
};
