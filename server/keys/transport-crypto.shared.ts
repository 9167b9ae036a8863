// Key transport encryption (docs/trading.md#key-transport), shared by the web client (which
// encrypts) and the server (which decrypts). No server-only imports: the client bundles this module
// as it is.
//
// key = SHA-256 of the UTF-8 bytes of the /Summaries/hash value (a 32-byte AES-256 key);
// AES-CTR with a fresh 16-byte random IV as the initial counter block; no padding;
// payload = hex(IV) + hex(ciphertext), lower case.
//
// Counter width: crypto-js's CTR mode (the typical browser client) increments only the last 32-bit
// word of the counter and wraps it without carry; OpenSSL/Node's aes-*-ctr carry through all 128
// bits. We use Web Crypto with `length: 64` (the low 64 bits count). All three give the same bytes
// unless the IV's low 32 bits overflow inside one message, which for secrets of a few blocks has a
// chance of about n / 2^32 per message. crypto-js pads with PKCS#7 even in CTR mode unless told
// `padding: NoPadding`; decryptFromTransport strips a valid PKCS#7 tail so such clients work too.

const IV_BYTES = 16;
const COUNTER_BITS = 64;

const toHex = (bytes: Uint8Array) =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

function fromHex(hex: string): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** True when the text has the payload's shape: hex IV and at least one ciphertext byte. */
export const isTransportPayload = (text: string) =>
  text.length >= (IV_BYTES + 1) * 2 && text.length % 2 === 0 && /^[0-9a-f]+$/i.test(text);

/** The AES-CTR key for a /Summaries/hash value. */
export async function transportKey(hashValue: string): Promise<CryptoKey> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(hashValue));
  return crypto.subtle.importKey("raw", digest, "AES-CTR", false, ["encrypt", "decrypt"]);
}

/** Encrypts one key field for sending: IV hex followed by ciphertext hex. */
export async function encryptForTransport(hashValue: string, plain: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const data = await crypto.subtle.encrypt(
    { name: "AES-CTR", counter: iv, length: COUNTER_BITS },
    await transportKey(hashValue),
    new TextEncoder().encode(plain),
  );
  return toHex(iv) + toHex(new Uint8Array(data));
}

/** The raw bytes of a payload under a key; throws on a payload of the wrong shape. */
export async function decryptTransportBytes(key: CryptoKey, payload: string): Promise<Uint8Array> {
  if (!isTransportPayload(payload)) throw new Error("Not an encrypted key field");
  const bytes = fromHex(payload);
  const plain = new Uint8Array(
    await crypto.subtle.decrypt(
      { name: "AES-CTR", counter: bytes.slice(0, IV_BYTES), length: COUNTER_BITS },
      key,
      bytes.slice(IV_BYTES),
    ),
  );
  return stripPkcs7(plain);
}

/** Decrypts one field with the hash value it was encrypted under. */
export async function decryptFromTransport(hashValue: string, payload: string): Promise<string> {
  const bytes = await decryptTransportBytes(await transportKey(hashValue), payload);
  return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
}

function stripPkcs7(plain: Uint8Array): Uint8Array {
  if (plain.length === 0 || plain.length % 16 !== 0) return plain;
  const n = plain[plain.length - 1];
  if (n < 1 || n > 16) return plain;
  for (let i = plain.length - n; i < plain.length; i++) if (plain[i] !== n) return plain;
  return plain.subarray(0, plain.length - n);
}
