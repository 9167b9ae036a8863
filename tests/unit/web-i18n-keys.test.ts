// An area's translators take its own keys only: a misspelt key, another area's key or a key built
// from an unknown string is a type error (deno check runs over this file), not English left on a
// screen. The @ts-expect-error lines fail the check if the key were accepted.
import assert from "node:assert/strict";
import { commonMessages } from "../../web/src/i18n/common-messages.ts";
import { combineMessages, type KeyOf, type Translator } from "../../web/src/i18n/index.ts";
import { usersMessages } from "../../web/src/users/messages.ts";

const ROLES = ["SuperAdmin", "Admin", "Lead", "User"] as const;

Deno.test("an area's translate refuses a key that is not its own, at type-check time", () => {
  assert.equal(usersMessages.translate("users.title", {}, "en"), "Users");
  // @ts-expect-error a misspelt key
  assert.equal(usersMessages.translate("users.titel", {}, "en"), "users.titel");
  // @ts-expect-error another area's key
  usersMessages.translate("common.save", {}, "en");
  // A key built from a closed set is checked key by key.
  assert.deepEqual(
    ROLES.map((r) => usersMessages.translate(`users.roleName.${r}`, {}, "en")),
    ["SuperAdmin", "Admin", "Lead", "User"],
  );
  const recorded: string = "Admin";
  // @ts-expect-error built from any string: narrow it with has() first
  usersMessages.translate(`users.roleName.${recorded}`, {}, "en");
});

Deno.test("has() narrows a key built from data; combined areas take each one's keys", () => {
  const both = combineMessages(usersMessages, commonMessages);
  assert.equal(both.translate("common.save", {}, "en"), "Save");
  assert.equal(both.translate("users.title", {}, "en"), "Users");
  const known = "users.roleName.Lead" as string;
  assert.ok(both.has(known) && both.translate(known, {}, "en") === "Lead");
  assert.equal(both.has("users.roleName.Nobody"), false);
  assert.equal(usersMessages.has("common.save"), false);
  // A hook's translator is typed the same: a component's t refuses a misspelt key.
  const render = (t: Translator<KeyOf<typeof both>>) => {
    // @ts-expect-error a misspelt key
    t("common.sav");
    return t("common.save");
  };
  assert.equal(render((key) => both.translate(key, {}, "en")), "Save");
});
