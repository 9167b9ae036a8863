import assert from "node:assert/strict";
import { z } from "zod";
import { wordIssue, zodValidate } from "../../web/src/ui/form.ts";
import { type Lang, languageLoaded } from "../../web/src/i18n/index.ts";

const form = z.object({
  name: z.string().max(5),
  count: z.number().min(1),
  side: z.enum(["BUY", "SELL"]),
  tags: z.array(z.string()).max(1),
});
const validate = zodValidate(form);
const bad = { name: "toolong", count: 0, side: "HOLD", tags: ["a", "b"] };

const EXPECTED = {
  en: {
    name: "Too long: at most 5 characters",
    count: "Too small: at least 1",
    side: "Must be one of: BUY, SELL",
    tags: "Too many: at most 1 items",
  },
  fr: {
    name: "Trop long : au plus 5 caractères",
    count: "Trop petit : au moins 1",
    side: "Doit être l'une des valeurs : BUY, SELL",
    tags: "Trop d'éléments : au plus 1",
  },
  es: {
    name: "Demasiado largo: como máximo 5 caracteres",
    count: "Demasiado pequeño: al menos 1",
    side: "Debe ser uno de: BUY, SELL",
    tags: "Demasiados elementos: como máximo 1",
  },
  it: {
    name: "Troppo lungo: al massimo 5 caratteri",
    count: "Troppo piccolo: almeno 1",
    side: "Deve essere uno tra: BUY, SELL",
    tags: "Troppi elementi: al massimo 1",
  },
  zh: {
    name: "太长：最多 5 个字符",
    count: "太小：至少 1",
    side: "必须是以下之一：BUY, SELL",
    tags: "项目太多：最多 1 项",
  },
} as const;

Deno.test("zod issues: the shared error map's coded messages, worded in all five languages", async () => {
  const english = validate(bad);
  assert.deepEqual(english, EXPECTED.en);
  for (const [lang, expected] of Object.entries(EXPECTED)) {
    await languageLoaded(lang as Lang);
    const worded: Record<string, string> = Object.fromEntries(
      Object.entries(english).map((
        [field, text],
      ) => [field, wordIssue(String(text), lang as Lang)]),
    );
    assert.deepEqual(worded, expected, lang);
  }
});

Deno.test("zod issues: a missing field is Required, a wrong type names the type expected", () => {
  const result = z.object({ n: z.number(), s: z.string() }).safeParse({ s: 3 });
  assert.deepEqual(
    result.error?.issues.map((i) => i.message),
    ["Required", "Invalid value: expected string"],
  );
});

const WRONG_TYPE = {
  en: ["Invalid value: expected string", "Invalid value: expected number"],
  zh: ["值无效：应为文本", "值无效：应为数字"],
  es: ["Valor no válido: se esperaba texto", "Valor no válido: se esperaba número"],
  fr: ["Valeur invalide, attendu : texte", "Valeur invalide, attendu : nombre"],
  it: ["Valore non valido, atteso: testo", "Valore non valido, atteso: numero"],
} as const;

Deno.test("zod issues: a wrong type's type name is worded in all five languages", async () => {
  const result = z.object({ s: z.string(), n: z.number() }).safeParse({ s: 3, n: "3" });
  const issues = result.error!.issues.map((i) => i.message);
  for (const [lang, expected] of Object.entries(WRONG_TYPE)) {
    await languageLoaded(lang as Lang);
    assert.deepEqual(issues.map((text) => wordIssue(text, lang as Lang)), expected, lang);
  }
  // A type the catalogue does not name stays zod's word, in the language's sentence.
  assert.equal(
    wordIssue("Invalid value: expected promise", "es"),
    "Valor no válido: se esperaba promise",
  );
});
