// PATCH /users/update-bot-key: transport-encrypted key fields in, sealed at rest, masks out.
import { eq } from "drizzle-orm";
import { recordAudit } from "../audit/record.ts";
import type { SessionUser } from "../auth/sessions.ts";
import { badRequest, notFound } from "../core/errors.ts";
import { users } from "../db/schema.ts";
import type { Deps } from "../deps.ts";
import { findLiveUserById } from "../auth/find-user.ts";
import { toPublicUser } from "../auth/public-user.shared.ts";
import { sealSentFields } from "./seal-fields.ts";
import { USER_KEY_FIELDS, type UserKeyField } from "./schema.ts";
import type { UpdateBotKeyInput } from "./update-schema.ts";
import { userChanged } from "../auth/user-changed.ts";
import { msg } from "../core/messages.shared.ts";

export async function updateUserKeys(
  deps: Pick<
    Deps,
    "clock" | "db" | "keyTransport" | "onUserChanged" | "secretBox" | "sessionCache"
  >,
  actor: SessionUser,
  input: UpdateBotKeyInput,
) {
  const target = !input.userId || input.userId === actor.id
    ? actor
    : await findLiveUserById(deps.db, input.userId);
  if (!target) throw notFound(msg("users.notFoundPlain"));

  const sealed = await sealSentFields<UserKeyField>(deps, input, USER_KEY_FIELDS);
  const fields = Object.keys(sealed);
  if (fields.length === 0) throw badRequest(msg("keys.nothingToUpdate"));

  const now = deps.clock.now();
  const [row] = await deps.db.update(users).set({ ...sealed, updatedAt: now })
    .where(eq(users.id, target.id)).returning();
  userChanged(deps, target.id);
  await recordAudit(deps.db, {
    actorId: actor.id,
    action: "user.keys.update",
    targetUserId: target.id,
    details: { fields },
    at: now,
  });
  return toPublicUser(row);
}
