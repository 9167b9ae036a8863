// inputFault reads a flat object (texts, numbers, booleans, null) its own short way: it must find
// the same fault, at the same place, as the walk it takes for anything nested.
import assert from "node:assert/strict";
import fc from "fast-check";
import { inputFault } from "../../server/core/input-rules.ts";

const text = fc.oneof(
  fc.string(),
  fc.constantFrom("ok\0", "\uD800", "a\uDC00b", "\u{1F600}", ""),
);
const flat = fc.dictionary(
  text,
  fc.oneof(text, fc.integer(), fc.boolean(), fc.constant(null)),
  { maxKeys: 12 },
);

Deno.test("inputFault: a flat object's fault is the one the nested walk finds", () => {
  fc.assert(
    fc.property(flat, (object) => {
      // Wrapped, the same object is walked the general way, one level down.
      const nested = inputFault({ wrapper: object });
      const direct = inputFault(object);
      assert.deepEqual(
        nested,
        direct && { ...direct, path: ["wrapper", ...direct.path] },
      );
    }),
    { numRuns: 3000 },
  );
  assert.deepEqual(inputFault({ a: "x", b: "y\0" })?.path, ["b"]);
  assert.deepEqual(inputFault({ "k\uD800": 1 })?.path, []);
  assert.equal(inputFault({ a: "x", n: 2, t: true, z: null }), null);
});
