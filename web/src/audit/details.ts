// An entry's action and details in words: "Changed role", "from: User, to: Lead", "changes: group =
// night". Actions and detail names are translated (audit.act.*, audit.key.*); values are data and
// stay as recorded, as does an action or name this client has no words for (an older entry's).
import type { KeyOf, Translator } from "../i18n/index.ts";
import { auditWordsMessages } from "./words-messages.ts";

type Translate = Translator<KeyOf<typeof auditWordsMessages>>;

const valueText = (value: unknown): string => {
  if (Array.isArray(value)) return value.map(valueText).join(", ");
  if (value && typeof value === "object") {
    return Object.entries(value).map(([k, v]) => `${k} = ${valueText(v)}`).join("; ");
  }
  return String(value);
};

const inWords = (key: string, recorded: string, t: Translate) =>
  auditWordsMessages.has(key) ? t(key) : recorded;

export const actionInWords = (action: string, t: Translate) =>
  inWords(`audit.act.${action}`, action, t);

export function detailsInWords(details: Record<string, unknown>, t: Translate): string {
  return Object.entries(details)
    .map(([key, value]) => `${inWords(`audit.key.${key}`, key, t)}: ${valueText(value)}`)
    .join(", ");
}
