// Form validation from the shared zod schemas, each issue worded in the user's language: a coded
// one ("input." and zod's own, server/core/zod-messages.shared.ts) by its code, any other being its own
// translation key.
import { type FormErrors, schemaResolver } from "@mantine/form";
import { issueMessage } from "../../../server/core/messages.shared.ts";
import "../../../server/core/zod-messages.shared.ts";
import { serverText } from "../errors/server-messages.ts";
import { type Lang, locale, translateDataKey } from "../i18n/index.ts";

/** A schema issue's text in `lang`. */
export function wordIssue(text: string, lang: Lang = locale.lang) {
  const coded = issueMessage(text);
  return coded ? serverText(coded.code, coded.params, lang) : translateDataKey(text, {}, lang);
}

export function zodValidate(schema: Parameters<typeof schemaResolver>[0]) {
  const resolve = schemaResolver(schema, { sync: true });
  return (values: unknown): FormErrors => {
    const errors = resolve(values);
    return Object.fromEntries(
      Object.entries(errors).map(([k, v]) => [k, typeof v === "string" ? wordIssue(v) : v]),
    );
  };
}
