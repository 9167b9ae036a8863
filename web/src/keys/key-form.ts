// The key form's masked-field rules (docs/screens.md#key-forms). Pure: tested under Deno.
// Stored values show as the server's mask; focusing a masked field clears it (and leaving it empty
// shows the mask again); unchanged masks and empty values are not sent.
import { type KeyedExchange, type UserKeyField } from "../../../server/keys/schema.ts";
import { SECRET_MASK } from "../../../server/auth/public-user.shared.ts";

export { SECRET_MASK };

/** The fields of each exchange's form: Gate keeps its v2 key beside the v4 pair it trades with. */
export const FORM_FIELDS: Record<KeyedExchange, readonly UserKeyField[]> = {
  binance: ["binanceKey", "binanceSecret"],
  gate: ["gateKeyV2", "gateKeyV4", "gateSecretV4"],
  houbi: ["houbiKey", "houbiSecret"],
};

export type KeyValues = Partial<Record<UserKeyField, string>>;

/** The form's first values: the mask where a value is stored, else empty. */
export function initialKeyValues(
  user: Partial<Record<UserKeyField, string>>,
  fields: readonly UserKeyField[],
): KeyValues {
  return Object.fromEntries(fields.map((f) => [f, user[f] ? SECRET_MASK : ""]));
}

export const valueOnFocus = (value: string) => value === SECRET_MASK ? "" : value;

export const valueOnBlur = (value: string, initial: string) =>
  value === "" && initial === SECRET_MASK ? SECRET_MASK : value;

/** What to send: typed values only, trimmed; an empty result means there is nothing to update. */
export function keysToSend(values: KeyValues): KeyValues {
  const out: KeyValues = {};
  for (const [field, raw] of Object.entries(values) as [UserKeyField, string][]) {
    const value = raw.trim();
    if (value && value !== SECRET_MASK) out[field] = value;
  }
  return out;
}
