// English numbers are written without Intl (web/src/i18n/format.ts): they must read exactly as
// Intl's en-US would, for every number the screens show.
import assert from "node:assert/strict";
import fc from "fast-check";
import { numberFormat } from "../../web/src/i18n/format.ts";

const intl = (options: Intl.NumberFormatOptions) => new Intl.NumberFormat("en-US", options);

const OPTIONS: Intl.NumberFormatOptions[] = [
  ...[0, 2, 4, 7, 8].map((places) => ({
    minimumFractionDigits: places,
    maximumFractionDigits: places,
  })),
  { style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: 2 },
  { style: "currency", currency: "USD", minimumFractionDigits: 7, maximumFractionDigits: 7 },
  { maximumFractionDigits: 0 },
];

const numbers = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e25, max: 1e25 }),
  // Prices and amounts as the server sends them: decimal strings of a few places.
  fc.tuple(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 0, max: 9 }))
    .map(([units, places]) => units / 10 ** places),
  fc.constantFrom(
    0,
    -0,
    1.005,
    2.675,
    0.5,
    1.5,
    2.5,
    -0.5,
    999.995,
    9.9999999,
    1e-7,
    1e21,
    0.0004567,
  ),
);

Deno.test("numberFormat in English: digit for digit what Intl en-US writes", () => {
  for (const options of OPTIONS) {
    const ours = numberFormat(options, "en");
    const theirs = intl(options);
    fc.assert(
      fc.property(numbers, (n) => assert.equal(ours.format(n), theirs.format(n), String(n))),
      { numRuns: 2000, seed: 18 },
    );
  }
});

Deno.test("numberFormat: the other languages and other options are Intl's own", () => {
  assert.equal(
    numberFormat({ minimumFractionDigits: 2, maximumFractionDigits: 2 }, "fr").format(1234.5),
    new Intl.NumberFormat("fr-FR", { minimumFractionDigits: 2 }).format(1234.5),
  );
  assert.ok(numberFormat({ maximumSignificantDigits: 3 }, "en") instanceof Intl.NumberFormat);
  assert.equal(numberFormat({ maximumFractionDigits: 2 }, "en").format(NaN), "NaN");
});
