// JSON answers gzipped in one call. hono's `compress` piped every JSON answer, however small (it
// only measures a body that states its Content-Length, which c.json does not), through a
// CompressionStream, and Deno.serve then sent a stream instead of bytes: for a 10-row transaction
// list, 0.4-0.65 ms of the app thread's CPU against none uncompressed (issue 31). Every JSON answer
// is built whole (only CSV downloads stream), so reading it back is a copy, and one zlib call at
// level 6 took 0.2-0.3 ms less than the stream for the same list, at level 1 another 0.3-0.4.
import type { MiddlewareHandler } from "hono";
import { parseAccept } from "hono/utils/accept";
import { gzipSync } from "node:zlib";

/** Smaller answers go as they are: a gzip header and trailer are 18 bytes of the few saved. */
export const GZIP_THRESHOLD = 1024;

/**
 * zlib's fastest level, nginx's default: a 10-row list (19 KB) gzips to 3.7 KB instead of level
 * 6's 2.3 KB, in 36 us instead of 110; the server then spent 0.3-0.4 ms less a list (4 pairs).
 */
const LEVEL = 1;
const JSON_TYPE = /^application\/json/;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const VARIES = /(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i;

/** Whether Accept-Encoding takes gzip: named with a q above 0, or `*` above 0 with gzip unnamed. */
export function acceptsGzip(header: string | undefined) {
  if (!header) return false;
  const accepts = parseAccept(header);
  const q = accepts.find((a) => a.type.toLowerCase() === "gzip")?.q ??
    accepts.find((a) => a.type === "*")?.q ?? 0;
  return q > 0;
}

export function gzipJson(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    const type = res.headers.get("Content-Type");
    // Not `res.body`: reading it turns the answer's bytes into a stream, which Deno.serve then
    // sends by its slower path.
    if (
      !type || !JSON_TYPE.test(type) || c.req.method === "HEAD" ||
      res.headers.has("Content-Encoding") ||
      NO_TRANSFORM.test(res.headers.get("Cache-Control") ?? "")
    ) return;
    // Whether it is compressed depends on the request's Accept-Encoding: caches must know.
    const vary = res.headers.get("Vary");
    if (!vary || !VARIES.test(vary)) {
      res.headers.set("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
    }
    if (!acceptsGzip(c.req.header("Accept-Encoding"))) return;
    const body = new Uint8Array(await res.arrayBuffer());
    const { headers, status, statusText } = res;
    let sent: BodyInit | null = body;
    if (body.length >= GZIP_THRESHOLD) {
      sent = gzipSync(body, { level: LEVEL });
      headers.set("Content-Encoding", "gzip");
      headers.delete("Content-Length");
    } else if (!body.length) sent = null; // a 204 or 304 may carry no body at all
    // Unset first: hono would otherwise copy the old answer's headers onto a stream of this one.
    c.res = undefined;
    c.res = new Response(sent, { status, statusText, headers });
  };
}
