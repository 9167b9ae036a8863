import assert from "node:assert/strict";
import { languageLoaded } from "../../web/src/i18n/index.ts";
import { usersMessages } from "../../web/src/users/messages.ts";

const { translate } = usersMessages;

Deno.test("translate() uses a message's singular for a count of 1, in each language", async () => {
  for (const lang of ["fr", "zh"] as const) await languageLoaded(lang);
  assert.equal(translate("users.total", { count: 1 }, "en"), "1 user");
  assert.equal(translate("users.total", { count: 2 }, "en"), "2 users");
  assert.equal(translate("users.total", { count: 0 }, "en"), "0 users");
  assert.equal(translate("users.total", { count: 1 }, "fr"), "1 utilisateur");
  assert.equal(translate("users.total", { count: 1 }, "zh"), "共 1 个用户");
  // A message with no singular keeps its one form.
  assert.equal(translate("users.title", { count: 1 }, "en"), "Users");
});
