// Input of PUT of a user's exchange keys. Apart from schema.ts, whose field rules the web client's
// first load uses, so that load does without zod.
import { z } from "zod";
import { idField } from "../core/input-rules.ts";
import { SERVER_MESSAGES } from "../core/messages.shared.ts";
import { USER_KEY_FIELDS, type UserKeyField } from "./schema.ts";

const keyField = z.string().max(4096).optional();

/** Each field is a transport payload (IV hex + ciphertext hex); masks and empty values are kept. */
export const updateBotKeySchema = z.object({
  ...Object.fromEntries(USER_KEY_FIELDS.map((f) => [f, keyField])) as Record<
    UserKeyField,
    typeof keyField
  >,
  /** The /Summaries/hash value the fields were encrypted under; optional. */
  hash: z.string().regex(/^[0-9a-f]{64}$/, SERVER_MESSAGES["input.hash"]).optional(),
  /** Whose keys; the caller's own when absent. */
  userId: idField.optional(),
});

export type UpdateBotKeyInput = z.infer<typeof updateBotKeySchema>;
