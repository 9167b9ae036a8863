// Form validation from the shared zod schemas, with the schema's (English) messages translated:
// a validation message is its own translation key.
import { type FormErrors, schemaResolver } from "@mantine/form";
import { translate } from "../i18n/index.ts";

export function zodValidate(schema: Parameters<typeof schemaResolver>[0]) {
  const resolve = schemaResolver(schema, { sync: true });
  return (values: unknown): FormErrors => {
    const errors = resolve(values);
    return Object.fromEntries(
      Object.entries(errors).map(([k, v]) => [k, typeof v === "string" ? translate(v) : v]),
    );
  };
}
