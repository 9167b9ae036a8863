// PATCH /users/update-bot-key: transport-encrypted key fields in, sealed at rest, masks out.
import { eq } from "drizzle-orm";
import { recordAudit } from "../audit/record.ts";
import type { SessionUser } from "../auth/sessions.ts";
import { badRequest, notFound } from "../core/errors.ts";
import { users } from "../db/schema.ts";
import type { Deps } from "../deps.ts";
import { findLiveUserById } from "../users/find.ts";
import { SECRET_MASK, toPublicUser } from "../users/public-user.ts";
import { type UpdateBotKeyInput, USER_KEY_FIELDS, type UserKeyField } from "./schema.ts";

export async function updateUserKeys(deps: Deps, actor: SessionUser, input: UpdateBotKeyInput) {
  const target = !input.userId || input.userId === actor.id
    ? actor
    : await findLiveUserById(deps.db, input.userId);
  if (!target) throw notFound("User not found");

  const sealed: Partial<Record<UserKeyField, string>> = {};
  for (const field of USER_KEY_FIELDS) {
    const sent = input[field]?.trim();
    // The form sends back masks of stored values unchanged, and drops empty ones (spec section 5).
    if (!sent || sent === SECRET_MASK) continue;
    const plain = await deps.keyTransport.decrypt(sent, input.hash);
    if (plain === null) {
      throw badRequest(`${field}: could not be decrypted; reload the page and try again`, field);
    }
    sealed[field] = await deps.secretBox.seal(plain.trim());
  }
  const fields = Object.keys(sealed);
  if (fields.length === 0) throw badRequest("No key or secret to update");

  const now = deps.clock.now();
  const [row] = await deps.db.update(users).set({ ...sealed, updatedAt: now })
    .where(eq(users.id, target.id)).returning();
  await recordAudit(deps.db, {
    actorId: actor.id,
    action: "user.keys.update",
    targetUserId: target.id,
    details: { fields },
    at: now,
  });
  return toPublicUser(row);
}
