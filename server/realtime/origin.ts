// Cross-site WebSocket hijacking: a page on another site could open our socket with a token it
// stole or guessed. Browsers always send Origin on a socket; it must be one of ours.

/**
 * `allowed`: PUBLIC_ORIGINS; unset, the server's own origin (the scheme a trusted proxy reports
 * in X-Forwarded-Proto). No Origin at all is not a browser, which CSRF-style abuse needs.
 */
export function originAllowed(
  origin: string | undefined,
  requestUrl: string,
  opts: { allowed?: string; forwardedProto?: string },
): boolean {
  if (origin === undefined) return true;
  if (opts.allowed) return opts.allowed.split(",").includes(origin);
  const own = new URL(requestUrl);
  if (opts.forwardedProto === "https" || opts.forwardedProto === "http") {
    own.protocol = `${opts.forwardedProto}:`;
  }
  return origin === own.origin;
}
