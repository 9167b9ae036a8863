// The desk chart's target lines: close lines share one label naming them all; far ones keep their
// own (web/src/desk/target-labels.ts).
import assert from "node:assert/strict";
import { namedIds, targetLines } from "../../web/src/desk/target-labels.ts";

const target = (transactionId: number, price: string) => ({ transactionId, price });

Deno.test("target lines closer than a label share the lowest one's label; every line is drawn", () => {
  // 1 price unit a pixel: 70,700 and 70,710 are 10 px apart, 70,800 is 100 px above.
  const lines = targetLines(
    [target(3, "70710"), target(1, "70700"), target(2, "70800"), target(4, "70700")],
    1,
  );
  assert.deepEqual(lines.map((l) => [l.price, l.ids, l.low, l.high]), [
    [70700, [1, 4, 3], "70700", "70710"],
    [70700, null, "70700", "70700"],
    [70710, null, "70710", "70710"],
    [70800, [2], "70800", "70800"],
  ]);
});

Deno.test("a group is measured from its first line: a chain of close lines does not grow forever", () => {
  const lines = targetLines([target(1, "100"), target(2, "110"), target(3, "120")], 1);
  assert.deepEqual(lines.map((l) => l.ids), [[1, 2], null, [3]]);
});

Deno.test("on a taller scale the same lines keep a label each", () => {
  const lines = targetLines([target(1, "70700"), target(3, "70710")], 0.1);
  assert.deepEqual(lines.map((l) => l.ids), [[1], [3]]);
});

Deno.test("a shared label names three ids and counts the rest", () => {
  assert.equal(namedIds([4]), "4");
  assert.equal(namedIds([4, 7, 9]), "4, 7, 9");
  assert.equal(namedIds([4, 7, 9, 12, 15]), "4, 7, 9 +2");
});
