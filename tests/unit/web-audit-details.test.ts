import assert from "node:assert/strict";
import { actionInWords, detailsInWords } from "../../web/src/audit/details.ts";
import { auditWordsMessages } from "../../web/src/audit/words-messages.ts";
import { languageLoaded } from "../../web/src/i18n/index.ts";

type Key = Parameters<typeof auditWordsMessages.translate>[0];
const en = (key: Key) => auditWordsMessages.translate(key, {}, "en");
const fr = (key: Key) => auditWordsMessages.translate(key, {}, "fr");

Deno.test("audit details: one line in words, names translated, lists and changes spelled out", async () => {
  await languageLoaded("fr");
  assert.equal(detailsInWords({ from: "User", to: "Lead" }, en), "from: User, to: Lead");
  assert.equal(
    detailsInWords(
      { shiftReportId: 4, fields: ["usdtIn", "btcOut"], changes: { group: "night" } },
      en,
    ),
    "shift report: 4, fields: usdtIn, btcOut, changes: group = night",
  );
  assert.equal(
    detailsInWords({ ip: "10.0.0.1", wrong: "code" }, fr),
    "adresse: 10.0.0.1, erroné: code",
  );
  // A name with no translation shows as recorded.
  assert.equal(detailsInWords({ newThing: 1 }, en), "newThing: 1");
  assert.equal(detailsInWords({}, en), "");
});

Deno.test("audit action: in words, or as recorded when this client has no words for it", async () => {
  await languageLoaded("fr");
  assert.equal(actionInWords("user.role_changed", en), "Changed role");
  assert.equal(actionInWords("user.role_changed", fr), fr("audit.act.user.role_changed"));
  assert.notEqual(fr("audit.act.user.role_changed"), "Changed role");
  assert.equal(actionInWords("user.retired_action", en), "user.retired_action");
});
