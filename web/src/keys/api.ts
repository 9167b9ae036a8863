// Key transport (docs/trading.md#key-transport): the hash value, then the encrypted fields.
import type { UpdateBotKeyInput } from "../../../server/keys/update-schema.ts";
import { encryptForTransport } from "../../../server/keys/transport-crypto.shared.ts";
import { api } from "../api/http.ts";
import type { PublicUser } from "../session/store.ts";
import type { KeyValues } from "./key-form.ts";

export const fetchTransportHash = () =>
  api<{ hash: string; rotatesAt: string }>("GET", "/Summaries/hash");

/**
 * Encrypts each field under the current hash value and stores them for `userId` (SuperAdmin: any
 * user; the caller's own when absent); answers that user, masked.
 */
export async function updateKeys(fields: KeyValues, userId?: number): Promise<PublicUser> {
  const { hash } = await fetchTransportHash();
  const encrypted = await Promise.all(
    Object.entries(fields).map(async ([f, v]) => [f, await encryptForTransport(hash, v)]),
  );
  const body: UpdateBotKeyInput = { hash, ...Object.fromEntries(encrypted), userId };
  return api<PublicUser>("PATCH", "/users/update-bot-key", { body });
}
