// Security headers by what an answer is (docs/configuration.md#security-headers). Policies that
// govern a document (CSP, framing, opener, referrer…) go on documents: HTML, the service worker
// script, the manifest and the other unhashed files. A hashed script or stylesheet is never a
// document, so it keeps only what protects it as a file; an API answer gets OWASP's REST set. On a
// phone's first dashboard load the document set on every one of ~40 answers cost ~30 KB.
import type { MiddlewareHandler } from "hono";

type HeaderList = readonly (readonly [string, string])[];

// Scripts only from our own origin (the built client has no inline script); styles may be inline
// because Mantine writes its theme variables into a <style> element at run time; images may be
// data: URLs (the enrolment QR code).
const DOCUMENT_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

const NOSNIFF = ["X-Content-Type-Options", "nosniff"] as const;
const NO_FRAMING = ["X-Frame-Options", "DENY"] as const;
const REFERRER = ["Referrer-Policy", "same-origin"] as const;
const SAME_ORIGIN_READS = ["Cross-Origin-Resource-Policy", "same-origin"] as const;

const DOCUMENT: HeaderList = [
  ["Content-Security-Policy", DOCUMENT_CSP],
  NO_FRAMING,
  NOSNIFF,
  REFERRER,
  SAME_ORIGIN_READS,
  ["Cross-Origin-Opener-Policy", "same-origin"],
  ["Origin-Agent-Cluster", "?1"],
  ["X-DNS-Prefetch-Control", "off"],
  ["X-Download-Options", "noopen"],
  ["X-Permitted-Cross-Domain-Policies", "none"],
  ["X-XSS-Protection", "0"],
];

/** A hashed file: not sniffed into another type, not read by other origins. */
const ASSET: HeaderList = [NOSNIFF, SAME_ORIGIN_READS];

/**
 * OWASP's REST set. API answers are never stored by a browser or proxy: several carry tokens, TOTP
 * secrets or reset tokens, and none is worth caching (a route that chose its own Cache-Control
 * keeps it, as it keeps any of these).
 */
const API: HeaderList = [
  ["Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'"],
  NO_FRAMING,
  NOSNIFF,
  REFERRER,
  ["Cache-Control", "no-store"],
];

const HSTS = "max-age=31536000; includeSubDomains";

/** Which set an answer gets. HTML is a document wherever it comes from (an unknown asset path
 * answers index.html, which must not be framable). */
function headersFor(path: string, contentType: string | null): HeaderList {
  if (path.startsWith("/api/")) return API;
  if (contentType?.startsWith("text/html")) return DOCUMENT;
  return path.startsWith("/assets/") ? ASSET : DOCUMENT;
}

/** `trustProxy`: the scheme a TLS-terminating proxy reports in X-Forwarded-Proto is believed. */
export function securityHeaders(trustProxy: boolean): MiddlewareHandler {
  return async (c, next) => {
    // Read before the route runs: once a socket's upgrade is answered and its client gone, Deno
    // refuses every read of the request ("Request closed").
    const proto = trustProxy ? c.req.header("x-forwarded-proto") : undefined;
    const https = proto === undefined ? c.req.url.startsWith("https:") : proto === "https";
    const path = c.req.path;
    await next();
    const set = headersFor(path, c.res.headers.get("Content-Type"));
    // A route that sets its own (an uploaded file's sandbox CSP) keeps it.
    for (const [name, value] of set) if (!c.res.headers.has(name)) c.res.headers.set(name, value);
    // HSTS only means something over TLS; over plain HTTP it would be ignored or, behind a proxy
    // that is not TLS, wrong. The browser learns it from the page and the API; assets need not
    // repeat it.
    if (set === ASSET) return;
    if (https) {
      c.res.headers.set("Strict-Transport-Security", HSTS);
    }
  };
}
