import assert from "node:assert/strict";
import { detailsInWords } from "../../web/src/audit/details.ts";
import { languageLoaded, translate } from "../../web/src/i18n/index.ts";
import "../../web/src/audit/words-messages.ts";

const en = (key: string) => translate(key, {}, "en");

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
    detailsInWords({ ip: "10.0.0.1", wrong: "code" }, (k) => translate(k, {}, "fr")),
    "adresse: 10.0.0.1, erroné: code",
  );
  // A name with no translation shows as recorded.
  assert.equal(detailsInWords({ newThing: 1 }, en), "newThing: 1");
  assert.equal(detailsInWords({}, en), "");
});
