// Key fields arrive encrypted for transport; each one sent is decrypted and sealed for storage.
import { badRequest } from "../core/errors.ts";
import type { Deps } from "../deps.ts";
import { SECRET_MASK } from "../auth/public-user.shared.ts";
import { msg } from "../core/messages.shared.ts";

/**
 * The sealed value of every field that was really sent: the form sends masks of stored values back
 * unchanged and drops empty ones (docs/screens.md#key-forms), so those are skipped.
 */
export async function sealSentFields<F extends string>(
  deps: Pick<Deps, "keyTransport" | "secretBox">,
  input: { [K in F]?: string } & { hash?: string },
  fields: readonly F[],
): Promise<Partial<Record<F, string>>> {
  const sealed: Partial<Record<F, string>> = {};
  for (const field of fields) {
    const sent = input[field]?.trim();
    if (!sent || sent === SECRET_MASK) continue;
    const plain = await deps.keyTransport.decrypt(sent, input.hash);
    if (plain === null) {
      throw badRequest(msg("keys.undecryptable", { field }), field);
    }
    sealed[field] = await deps.secretBox.seal(plain.trim());
  }
  return sealed;
}
