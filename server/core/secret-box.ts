// Encryption at rest for exchange secrets and TOTP seeds: AES-256-GCM under the server key.
import { decodeHex, encodeHex } from "./hex.ts";

export interface SecretBox {
  seal(plain: string): Promise<string>;
  open(sealed: string): Promise<string>;
}

export async function createSecretBox(hexKey: string): Promise<SecretBox> {
  const key = await crypto.subtle.importKey("raw", decodeHex(hexKey), "AES-GCM", false, [
    "encrypt",
    "decrypt",
  ]);
  return {
    async seal(plain) {
      const iv = crypto.getRandomValues(new Uint8Array(12));
      const data = await crypto.subtle.encrypt(
        { name: "AES-GCM", iv },
        key,
        new TextEncoder().encode(plain),
      );
      return `${encodeHex(iv)}:${encodeHex(new Uint8Array(data))}`;
    },
    async open(sealed) {
      const [iv, data] = sealed.split(":");
      const plain = await crypto.subtle.decrypt(
        { name: "AES-GCM", iv: decodeHex(iv) },
        key,
        decodeHex(data),
      );
      return new TextDecoder().decode(plain);
    },
  };
}
