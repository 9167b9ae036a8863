// Request signing as the exchanges document it, on Web Crypto (no native addons: runs on Deploy).
import { encodeHex } from "../core/hex.ts";

const utf8 = new TextEncoder();

export async function hmacHex(hash: "SHA-256" | "SHA-512", secret: string, message: string) {
  const key = await crypto.subtle.importKey(
    "raw",
    utf8.encode(secret),
    { name: "HMAC", hash },
    false,
    ["sign"],
  );
  return encodeHex(new Uint8Array(await crypto.subtle.sign("HMAC", key, utf8.encode(message))));
}

export async function sha512Hex(text: string) {
  return encodeHex(new Uint8Array(await crypto.subtle.digest("SHA-512", utf8.encode(text))));
}

/** Binance: hex HMAC-SHA256 of the query string followed by the body, no separator. */
export const binanceSignature = (secret: string, queryAndBody: string) =>
  hmacHex("SHA-256", secret, queryAndBody);

export interface GateRequest {
  method: string;
  /** Full path including the prefix, e.g. "/api/v4/spot/orders". */
  path: string;
  /** The query string exactly as sent, without "?"; "" when none. */
  query: string;
  /** The body exactly as sent; "" when none. */
  body: string;
  /** Unix seconds, also sent as the Timestamp header. */
  timestamp: number;
}

/** Gate v4 REST SIGN: HMAC-SHA512 of method, path, query, SHA-512(body) and timestamp. */
export async function gateRestSign(secret: string, req: GateRequest) {
  const text = [req.method.toUpperCase(), req.path, req.query, await sha512Hex(req.body)]
    .concat(String(req.timestamp)).join("\n");
  return hmacHex("SHA-512", secret, text);
}

/** Gate v4 WebSocket SIGN for a channel event: HMAC-SHA512 of "channel=..&event=..&time=..". */
export const gateWsSign = (secret: string, channel: string, event: string, time: number) =>
  hmacHex("SHA-512", secret, `channel=${channel}&event=${event}&time=${time}`);
