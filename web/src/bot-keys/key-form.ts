// The bot key form's rules (docs/screens.md#key-forms). Pure: tested under Deno.
// Stored key and secret show as the server's mask; focusing a masked field clears it (leaving it
// empty shows the mask again); unchanged masks and empty values are not sent; when nothing is left
// to send the modal just closes.
import { z } from "zod";
import { botKeyUsernameField } from "../../../server/bot-keys/schema.ts";
import { SECRET_MASK } from "../../../server/auth/public-user.shared.ts";

export { SECRET_MASK };

export interface BotKeyFormValues {
  username: string;
  key: string;
  secret: string;
}

const SECRET_FIELDS = ["key", "secret"] as const;

/** A new entry starts empty; a stored one shows its username and the masks. */
export const initialFormValues = (entry?: { username: string }): BotKeyFormValues =>
  entry
    ? { username: entry.username, key: SECRET_MASK, secret: SECRET_MASK }
    : { username: "", key: "", secret: "" };

export const valueOnFocus = (value: string) => value === SECRET_MASK ? "" : value;

export const valueOnBlur = (value: string, initial: string) =>
  value === "" && initial === SECRET_MASK ? SECRET_MASK : value;

/** What to send: a changed username, typed key and secret; {} means nothing to update. */
export function changesToSend(
  values: BotKeyFormValues,
  initial: BotKeyFormValues,
): Partial<BotKeyFormValues> {
  const out: Partial<BotKeyFormValues> = {};
  const username = values.username.trim();
  if (username && username !== initial.username) out.username = username;
  for (const field of SECRET_FIELDS) {
    const value = values[field].trim();
    if (value && value !== SECRET_MASK) out[field] = value;
  }
  return out;
}

/** A new entry needs all three; an edit may leave any of them as it is. */
export const newBotKeyFormSchema = z.object({
  username: botKeyUsernameField,
  key: z.string().trim().min(1, "Required"),
  secret: z.string().trim().min(1, "Required"),
});

export const editBotKeyFormSchema = z.object({
  username: z.string().trim().max(50, "At most 50 characters"),
});
