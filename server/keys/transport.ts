// The server side of key transport (docs/trading.md#key-transport): the /Summaries/hash value
// clients derive their AES-CTR key from, and decryption of the key fields they send.
//
// The value is HMAC-SHA256(seed, "key-transport:<epoch>"), epoch = now /
// KEY_TRANSPORT_ROTATE_HOURS: every instance sharing the seed (derived from the server key) gives
// the same value, and it rotates by itself. A field encrypted under the previous value is still
// accepted, so a client that fetched the hash just before a rotation is not refused. Clients may
// send the `hash` they used; without it the server tries the current value, then the previous one.
// This protects secrets in request logs and proxies only: anyone signed in can read the value, so
// TLS stays the real guard.
import type { Clock } from "../core/clock.ts";
import { decryptTransportBytes, transportKey } from "./transport-crypto.shared.ts";

export interface KeyTransport {
  current(): Promise<{ hash: string; rotatesAt: Date }>;
  /** The plain text, or null when no accepted value decrypts it to printable text. */
  decrypt(payload: string, hash?: string): Promise<string | null>;
}

export interface KeyTransportOptions {
  seed: string;
  clock: Clock;
  rotateHours: number;
}

/** Exchange keys and secrets are printable ASCII; anything else means a wrong key. */
const PRINTABLE = /^[\x20-\x7e]{1,512}$/;

const toHex = (bytes: ArrayBuffer) =>
  Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");

export async function createKeyTransport(opts: KeyTransportOptions): Promise<KeyTransport> {
  const mac = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(opts.seed),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const periodMs = opts.rotateHours * 3600_000;
  const cache = new Map<number, Promise<{ hash: string; key: CryptoKey }>>();

  const forEpoch = (epoch: number) => {
    let entry = cache.get(epoch);
    if (!entry) {
      entry = (async () => {
        const data = new TextEncoder().encode(`key-transport:${epoch}`);
        const hash = toHex(await crypto.subtle.sign("HMAC", mac, data));
        return { hash, key: await transportKey(hash) };
      })();
      cache.set(epoch, entry);
      for (const old of cache.keys()) if (old < epoch - 1) cache.delete(old);
    }
    return entry;
  };
  const epochNow = () => Math.floor(opts.clock.now().getTime() / periodMs);

  async function tryKey(key: CryptoKey, payload: string) {
    try {
      const text = new TextDecoder("utf-8", { fatal: true }).decode(
        await decryptTransportBytes(key, payload),
      );
      return PRINTABLE.test(text) ? text : null;
    } catch {
      return null;
    }
  }

  return {
    async current() {
      const epoch = epochNow();
      return { hash: (await forEpoch(epoch)).hash, rotatesAt: new Date((epoch + 1) * periodMs) };
    },
    async decrypt(payload, hash) {
      const epoch = epochNow();
      const accepted = [await forEpoch(epoch), await forEpoch(epoch - 1)];
      const candidates = hash ? accepted.filter((a) => a.hash === hash) : accepted;
      for (const { key } of candidates) {
        const text = await tryKey(key, payload);
        if (text !== null) return text;
      }
      return null;
    },
  };
}
