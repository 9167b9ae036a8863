// A fake Web Push service on 127.0.0.1, holding senders to the rules real push services enforce
// (RFC 8030, 8291, 8292): POST to a known subscription, TTL present, aes128gcm content, an Urgency
// of the four values, a Topic of at most 32 URL-safe characters, a body of at most 4096 bytes, and
// a VAPID header whose ES256 JWT verifies with its k, names this service's origin as aud, expires
// within 24 hours and gives a mailto: or https: subject, with k the key the subscription was made
// with. A subscription marked gone answers 410. Each accepted message is kept for the test to
// decrypt with the subscription's keys (decryptPush).
import { decodeBase64Url, encodeBase64Url } from "./base64url.ts";

export interface ReceivedPush {
  id: string;
  headers: Record<string, string>;
  body: Uint8Array;
}

interface Subscription {
  applicationServerKey: string;
  gone: boolean;
}

const URGENCIES = ["very-low", "low", "normal", "high"];
const refuse = (status: number, message: string) => new Response(message, { status });

export function startFakePushService() {
  const subscriptions = new Map<string, Subscription>();
  const received: ReceivedPush[] = [];
  let seq = 0;

  async function handle(req: Request): Promise<Response> {
    const url = new URL(req.url);
    const id = url.pathname.match(/^\/push\/([\w-]+)$/)?.[1];
    if (req.method !== "POST" || !id) return refuse(404, "Not found");
    const sub = subscriptions.get(id);
    if (!sub) return refuse(404, "No such subscription");
    if (sub.gone) return refuse(410, "Subscription expired");

    const ttl = req.headers.get("ttl");
    if (ttl === null || !/^\d+$/.test(ttl)) return refuse(400, "TTL header required");
    if (req.headers.get("content-encoding") !== "aes128gcm") {
      return refuse(415, "Content-Encoding must be aes128gcm");
    }
    const urgency = req.headers.get("urgency");
    if (urgency !== null && !URGENCIES.includes(urgency)) return refuse(400, "Bad Urgency");
    const topic = req.headers.get("topic");
    if (topic !== null && !/^[A-Za-z0-9_-]{1,32}$/.test(topic)) return refuse(400, "Bad Topic");
    const problem = await vapidProblem(req.headers.get("authorization"), url.origin, sub);
    if (problem) return refuse(problem.status, problem.message);
    const body = new Uint8Array(await req.arrayBuffer());
    if (body.length > 4096) return refuse(413, "Payload too large");

    const headers: Record<string, string> = {};
    req.headers.forEach((v, k) => headers[k] = v);
    received.push({ id, headers, body });
    return new Response(null, { status: 201, headers: { location: `${url.origin}/m/${++seq}` } });
  }

  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, handle);
  const origin = `http://127.0.0.1:${server.addr.port}`;

  return {
    received,
    /** A new subscription for a server whose VAPID public key is `applicationServerKey`. */
    subscribe(applicationServerKey: string) {
      const id = crypto.randomUUID();
      subscriptions.set(id, { applicationServerKey, gone: false });
      return `${origin}/push/${id}`;
    },
    /** The subscription expired: the next push to it gets 410. */
    expire(endpoint: string) {
      subscriptions.get(endpoint.split("/").pop()!)!.gone = true;
    },
    close: () => server.shutdown(),
  };
}

async function vapidProblem(header: string | null, origin: string, sub: Subscription) {
  const match = header?.match(/^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/);
  if (!match) return { status: 401, message: "VAPID Authorization required" };
  const [, jwt, k] = match;
  if (k !== sub.applicationServerKey) return { status: 403, message: "Key mismatch" };
  const [head, claims, signature] = jwt.split(".");
  const key = await crypto.subtle.importKey(
    "raw",
    decodeBase64Url(k),
    { name: "ECDSA", namedCurve: "P-256" },
    false,
    ["verify"],
  );
  const valid = await crypto.subtle.verify(
    { name: "ECDSA", hash: "SHA-256" },
    key,
    decodeBase64Url(signature),
    new TextEncoder().encode(`${head}.${claims}`),
  );
  if (!valid) return { status: 401, message: "Bad VAPID signature" };
  const header_ = JSON.parse(new TextDecoder().decode(decodeBase64Url(head)));
  const body = JSON.parse(new TextDecoder().decode(decodeBase64Url(claims)));
  const now = Date.now() / 1000;
  if (header_.alg !== "ES256") return { status: 401, message: "alg must be ES256" };
  if (body.aud !== origin) return { status: 401, message: "aud must be the push service" };
  if (!(body.exp > now && body.exp <= now + 24 * 3600)) {
    return { status: 401, message: "exp must be within 24 hours" };
  }
  if (!/^(mailto:|https:)/.test(body.sub ?? "")) {
    return { status: 401, message: "sub must be mailto: or https:" };
  }
  return null;
}

/** A browser's side of a subscription: its ECDH key pair and auth secret (RFC 8291). */
export async function browserKeys() {
  const pair = await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, [
    "deriveBits",
  ]);
  const publicRaw = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
  const auth = crypto.getRandomValues(new Uint8Array(16));
  return {
    privateKey: pair.privateKey,
    publicRaw,
    auth,
    keys: { p256dh: encodeBase64Url(publicRaw), auth: encodeBase64Url(auth) },
  };
}

/** Decrypts an aes128gcm push body (RFC 8291 section 3.4, RFC 8188) as the browser would. */
export async function decryptPush(
  ua: Awaited<ReturnType<typeof browserKeys>>,
  body: Uint8Array,
): Promise<string> {
  const salt = body.slice(0, 16);
  const idLength = body[20];
  const asPublic = body.slice(21, 21 + idLength);
  const record = body.slice(21 + idLength);
  const asKey = await crypto.subtle.importKey(
    "raw",
    asPublic,
    { name: "ECDH", namedCurve: "P-256" },
    false,
    [],
  );
  const shared = new Uint8Array(
    await crypto.subtle.deriveBits({ name: "ECDH", public: asKey }, ua.privateKey, 256),
  );
  const text = new TextEncoder();
  const info = new Uint8Array([...text.encode("WebPush: info\0"), ...ua.publicRaw, ...asPublic]);
  const ikm = await hkdf(ua.auth, shared, info, 32);
  const cek = await hkdf(salt, ikm, text.encode("Content-Encoding: aes128gcm\0"), 16);
  const nonce = await hkdf(salt, ikm, text.encode("Content-Encoding: nonce\0"), 12);
  const key = await crypto.subtle.importKey("raw", cek, "AES-GCM", false, ["decrypt"]);
  const plain = new Uint8Array(
    await crypto.subtle.decrypt({ name: "AES-GCM", iv: nonce }, key, record),
  );
  // The last record ends with the delimiter 2, then any zero padding.
  let end = plain.length - 1;
  while (plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error("Bad padding delimiter");
  return new TextDecoder().decode(plain.slice(0, end));
}

async function hkdf(salt: Uint8Array, ikm: Uint8Array, info: Uint8Array, bytes: number) {
  const key = await crypto.subtle.importKey("raw", ikm as BufferSource, "HKDF", false, [
    "deriveBits",
  ]);
  return new Uint8Array(
    await crypto.subtle.deriveBits(
      { name: "HKDF", hash: "SHA-256", salt: salt as BufferSource, info: info as BufferSource },
      key,
      bytes * 8,
    ),
  );
}
