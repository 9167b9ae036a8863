// The batch statements' hand-built JSON (server/db/json-text.ts) reads back as JSON.stringify's
// would, whatever the value: a string that breaks out of its quotes would let one order's text
// set another column of the statement's input.
import assert from "node:assert/strict";
import fc from "fast-check";
import { jsonValue } from "../../server/db/json-text.ts";

Deno.test("jsonValue reads back as JSON.stringify's text for any string, number or boolean", () => {
  const value = fc.oneof(
    fc.string({ unit: "binary" }),
    fc.string({ unit: fc.constantFrom('"', "\\", "\n", "\u0000", "\u001f", "\ud800", "a", "é") }),
    fc.double(),
    fc.boolean(),
  );
  fc.assert(
    fc.property(value, (v) => {
      const text = jsonValue(v);
      assert.deepEqual(JSON.parse(text), JSON.parse(JSON.stringify(v)));
    }),
    { seed: 31, numRuns: 2000 },
  );
});

Deno.test("jsonValue writes plain values as they are and escapes what JSON must", () => {
  assert.equal(jsonValue("67250.00000000"), '"67250.00000000"');
  assert.equal(jsonValue('a","user_id":"1'), '"a\\",\\"user_id\\":\\"1"');
  assert.equal(jsonValue("\ud83d\ude00"), JSON.stringify("\ud83d\ude00"));
  assert.equal(jsonValue("\ud800"), '"\\ud800"');
  assert.equal(jsonValue(Number.NaN), "null");
  assert.equal(jsonValue(-0.5), "-0.5");
  assert.equal(jsonValue(false), "false");
  assert.equal(jsonValue(null), "null");
  assert.equal(jsonValue(undefined), "null");
  assert.equal(jsonValue({ a: 1 }), '{"a":1}');
});
