import assert from "node:assert/strict";
import {
  changesToSend,
  editBotKeyFormSchema,
  initialFormValues,
  newBotKeyFormSchema,
  SECRET_MASK,
  valueOnBlur,
  valueOnFocus,
} from "../../web/src/bot-keys/key-form.ts";

Deno.test("initialFormValues() masks a stored key and secret, and starts a new entry empty", () => {
  assert.deepEqual(initialFormValues({ username: "bot_a" }), {
    username: "bot_a",
    key: SECRET_MASK,
    secret: SECRET_MASK,
  });
  assert.deepEqual(initialFormValues(), { username: "", key: "", secret: "" });
});

Deno.test("valueOnFocus() clears a mask; valueOnBlur() puts it back only when left empty", () => {
  assert.equal(valueOnFocus(SECRET_MASK), "");
  assert.equal(valueOnFocus("typed"), "typed");
  assert.equal(valueOnBlur("", SECRET_MASK), SECRET_MASK);
  assert.equal(valueOnBlur("new", SECRET_MASK), "new");
  assert.equal(valueOnBlur("", ""), "");
});

Deno.test("changesToSend() drops unchanged masks, empty values and an unchanged username", () => {
  const initial = initialFormValues({ username: "bot_a" });
  assert.deepEqual(changesToSend(initial, initial), {});
  assert.deepEqual(changesToSend({ username: " ", key: "", secret: SECRET_MASK }, initial), {});
  assert.deepEqual(
    changesToSend({ username: " bot_b ", key: SECRET_MASK, secret: " s3cret " }, initial),
    { username: "bot_b", secret: "s3cret" },
  );
  const fresh = initialFormValues();
  assert.deepEqual(changesToSend({ username: "bot_c", key: "k", secret: "s" }, fresh), {
    username: "bot_c",
    key: "k",
    secret: "s",
  });
});

Deno.test("the new-entry schema requires username, key and secret; an edit requires none", () => {
  const result = newBotKeyFormSchema.safeParse({ username: " ", key: "", secret: "x" });
  assert.equal(result.success, false);
  assert.deepEqual(
    result.error?.issues.map((i) => [i.path.join("."), i.message]),
    [["username", "Required"], ["key", "Required"]],
  );
  assert.equal(editBotKeyFormSchema.safeParse({ username: "" }).success, true);
  assert.equal(editBotKeyFormSchema.safeParse({ username: "x".repeat(51) }).success, false);
});
