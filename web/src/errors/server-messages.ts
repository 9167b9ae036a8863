// The server's messages (server/core/messages.shared.ts) in the user's language. The server sends
// `{ code, message, params }`; the client words the code. English is the server's own text, so it
// stays the spec's wording; each other language is in server-messages.<lang>.ts, fetched when chosen.
import {
  type MessageCode,
  type MessageParams,
  type Said,
  SERVER_MESSAGES,
} from "../../../server/core/messages.shared.ts";
import { defineMessages, type Lang, locale, translateDataKey } from "../i18n/index.ts";

type Catalogue = Record<MessageCode, string>;
type Prefixed = { [C in MessageCode as `server.${C}`]: string };

const key = (code: MessageCode) => `server.${code}` as const;
const prefixed = (catalogue: Catalogue) =>
  Object.fromEntries(
    Object.entries(catalogue).map(([code, text]) => [key(code as MessageCode), text]),
  ) as Prefixed;

const prefixedModule = ({ default: catalogue }: { default: Catalogue }) => ({
  default: prefixed(catalogue),
});

const serverMessages = defineMessages(prefixed(SERVER_MESSAGES), {
  zh: () => import("./server-messages.zh.ts").then(prefixedModule),
  es: () => import("./server-messages.es.ts").then(prefixedModule),
  fr: () => import("./server-messages.fr.ts").then(prefixedModule),
  it: () => import("./server-messages.it.ts").then(prefixedModule),
});

export const isServerCode = (code: unknown): code is MessageCode =>
  typeof code === "string" && Object.hasOwn(SERVER_MESSAGES, code);

/**
 * A server answer's message in the user's language, if it is coded: a listing's lines
 * (server/core/messages.shared.ts `listing`) each worded on its own line.
 */
export function answerText(body: unknown, lang = locale.lang): string | undefined {
  const { code, params, lines } = (body ?? {}) as {
    code?: unknown;
    params?: MessageParams;
    lines?: unknown;
  };
  if (!isServerCode(code)) return undefined;
  if (!Array.isArray(lines) || !lines.every((line) => isServerCode(line?.code))) {
    return serverText(code, params, lang);
  }
  const details = lines.map((line: Said) => serverText(line.code, line.params, lang)).join("\n");
  return serverText(code, { ...params, details }, lang);
}

/** A coded server message in the user's language. */
export function serverText(
  code: MessageCode,
  params: MessageParams = {},
  lang = locale.lang,
): string {
  const worded = wordedParams(params, lang);
  if (code === "validation.field" && lang !== "en") {
    const label = fieldLabel(String(params.field), lang);
    // Outside English a field's code name (coinTradingAmount) is no word: the issue alone.
    if (!label) return serverMessages.translate(key("validation.invalid"), worded, lang);
    return serverMessages.translate(key(code), { ...worded, field: label }, lang);
  }
  return serverMessages.translate(key(code), worded, lang);
}

/**
 * The params with each wrapped message (`<name>` with its code in `<name>Code`: a validation
 * issue, a bot's failure) worded in `lang`. An issue without a code is a shared schema message,
 * itself a client key.
 */
function wordedParams(params: MessageParams, lang: Lang): MessageParams {
  const out = { ...params };
  for (const [key, code] of Object.entries(params)) {
    if (!key.endsWith("Code") || !isServerCode(code)) continue;
    const { [key]: _, ...inner } = params;
    out[key.slice(0, -"Code".length)] = serverText(code, inner, lang);
  }
  if (params.issueCode === undefined && typeof params.issue === "string") {
    out.issue = translateDataKey(params.issue, {}, lang);
  }
  return out;
}

/** A field's name where an area words it (the trading settings name theirs), if loaded. */
function fieldLabel(field: string, lang: Lang) {
  const labelKey = `settings.field.${field}`;
  const label = translateDataKey(labelKey, {}, lang);
  return label === labelKey ? undefined : label;
}
