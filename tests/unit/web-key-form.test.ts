import assert from "node:assert/strict";
import {
  FORM_FIELDS,
  initialKeyValues,
  keysToSend,
  SECRET_MASK,
  valueOnBlur,
  valueOnFocus,
} from "../../web/src/keys/key-form.ts";

Deno.test("key form: stored values start as the mask, missing ones empty", () => {
  const user = { gateKeyV2: "", gateKeyV4: SECRET_MASK, gateSecretV4: SECRET_MASK };
  assert.deepEqual(initialKeyValues(user, FORM_FIELDS.gate), {
    gateKeyV2: "",
    gateKeyV4: SECRET_MASK,
    gateSecretV4: SECRET_MASK,
  });
  assert.deepEqual(FORM_FIELDS.binance, ["binanceKey", "binanceSecret"]);
});

Deno.test("key form: focusing a masked field clears it; left empty it shows the mask again", () => {
  assert.equal(valueOnFocus(SECRET_MASK), "");
  assert.equal(valueOnFocus("typed"), "typed");
  assert.equal(valueOnBlur("", SECRET_MASK), SECRET_MASK);
  assert.equal(valueOnBlur("", ""), "");
  assert.equal(valueOnBlur("new", SECRET_MASK), "new");
});

Deno.test("key form: unchanged masks and empty values are not sent; typed ones are trimmed", () => {
  assert.deepEqual(
    keysToSend({ gateKeyV2: "", gateKeyV4: SECRET_MASK, gateSecretV4: "  s3cret " }),
    { gateSecretV4: "s3cret" },
  );
  assert.deepEqual(keysToSend({ binanceKey: SECRET_MASK, binanceSecret: "   " }), {});
});
