import assert from "node:assert/strict";
import {
  answer,
  issueMessage,
  listing,
  msg,
  SERVER_MESSAGES,
} from "../../server/core/messages.shared.ts";
import { answerText, serverText } from "../../web/src/errors/server-messages.ts";
import zh from "../../web/src/errors/server-messages.zh.ts";
import es from "../../web/src/errors/server-messages.es.ts";
import fr from "../../web/src/errors/server-messages.fr.ts";
import it from "../../web/src/errors/server-messages.it.ts";
import { languageLoaded } from "../../web/src/i18n/index.ts";
// The areas whose words a server message borrows as data (a schema's issue, a field's label): in the
// app they are loaded by the screens that show those forms.
import "../../web/src/i18n/common-messages.ts";
import "../../web/src/users/settings-messages.ts";

const SERVER_TRANSLATIONS = { zh, es, fr, it };

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

Deno.test("server messages: every code has all five languages with the same placeholders", async () => {
  for (const lang of ["zh", "es", "fr", "it"] as const) await languageLoaded(lang);
  const codes = Object.keys(SERVER_MESSAGES).sort();
  for (const [lang, catalogue] of Object.entries(SERVER_TRANSLATIONS)) {
    assert.deepEqual(
      Object.keys(catalogue).sort(),
      codes,
      `${lang} has exactly the server's codes`,
    );
    for (const code of codes) {
      const text = catalogue[code as keyof typeof catalogue];
      assert.ok(text.trim(), `${lang} ${code} is empty`);
      assert.deepEqual(
        placeholders(text),
        placeholders(SERVER_MESSAGES[code as keyof typeof SERVER_MESSAGES]),
        `${lang} ${code} keeps the English placeholders`,
      );
    }
  }
});

Deno.test("serverText: a coded message in the chosen language; English is the server's own text", async () => {
  for (const lang of ["zh", "es", "fr", "it"] as const) await languageLoaded(lang);
  const id = { id: 12 };
  assert.equal(serverText("users.notFound", id, "en"), msg("users.notFound", id).text);
  assert.equal(serverText("users.notFound", id, "fr"), "Utilisateur 12 introuvable.");
  assert.equal(
    serverText("keys.missing", { exchange: "Gate" }, "zh"),
    "请先更新 Gate 的 Key/Secret",
  );
  // A validation issue is a shared schema message, itself translated by the client.
  // Outside English a field shows by its name where an area words it, else the issue alone.
  assert.equal(
    serverText("validation.field", { field: "username", issue: "Required" }, "es"),
    "Obligatorio",
  );
  assert.equal(
    serverText("validation.field", { field: "coinTradingAmount", issue: "Required" }, "zh"),
    "币交易数量：必填",
  );
  assert.equal(
    serverText("validation.field", { field: "coinTradingAmount", issue: "Required" }, "en"),
    "coinTradingAmount: Required",
  );
  // An input rule's issue comes coded, with its params.
  const range = { field: "x", issue: "Must be between 0 and 9 with at most 8 decimals" };
  const coded = { ...range, issueCode: "input.decimal8Range", max: "9" };
  assert.equal(serverText("validation.field", coded, "en"), `x: ${range.issue}`);
  assert.equal(
    serverText("validation.field", coded, "it"),
    "Deve essere tra 0 e 9 con al massimo 8 decimali",
  );
});

Deno.test("issueMessage: a schema issue's text is known again as its input. code and params", async () => {
  for (const lang of ["zh", "es", "fr", "it"] as const) await languageLoaded(lang);
  assert.deepEqual(issueMessage("Must be between 0 and 500 with at most 8 decimals"), {
    code: "input.decimal8Range",
    params: { max: "500" },
    text: "Must be between 0 and 500 with at most 8 decimals",
  });
  assert.equal(issueMessage("Must be an id")?.code, "input.id");
  // zod's own issues are coded too (server/core/zod-messages.shared.ts).
  assert.equal(issueMessage("Required")?.code, "zod.required");
  // The schemas' own issues are catalogue messages as well; a text the catalogue never says is not.
  assert.equal(issueMessage("Passwords must match.")?.code, "input.passwordsMatch");
  assert.equal(issueMessage("You cannot give a role above your own.")?.code, "users.roleAboveOwn");
  assert.deepEqual(issueMessage("Must be a whole number from 1 to 10")?.params, { max: "10" });
  assert.equal(
    serverText("validation.field", {
      field: "timeZone",
      issue: "Unknown time zone",
      issueCode: "input.timeZone",
    }, "fr"),
    "Fuseau horaire inconnu",
  );
  assert.equal(issueMessage("Passwords must match!"), undefined);
});

Deno.test("answerText: a listing words each of its coded lines; an uncoded answer is not worded", async () => {
  await languageLoaded("zh");
  const failed = (bot: string) =>
    msg("bots.failed", { bot, failure: "Invalid code.", failureCode: "auth.invalidCode" });
  const said = answer(listing("bots.allFailed", [failed("a"), failed("b")]));
  assert.equal(said.message, "a: Invalid code.\nb: Invalid code.");
  assert.equal(answerText(said, "en"), said.message);
  assert.equal(
    answerText(said, "zh"),
    `${serverText("bots.allFailed", { details: "" }, "zh")}a：验证码无效。\nb：验证码无效。`,
  );
  // A line the client does not know leaves the server's own lines.
  const unknown = { ...said, lines: [{ code: "bots.gone", params: {} }] };
  assert.equal(answerText(unknown, "en"), said.message);
  assert.equal(answerText({ message: "plain" }, "zh"), undefined);
});
