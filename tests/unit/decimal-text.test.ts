// floor8 and atScale take a short way for decimal text already written plainly (padding it with
// zeros): it must give what the Decimal way gives, and atScale what PostgreSQL's NUMERIC stores.
import assert from "node:assert/strict";
import fc from "fast-check";
import { atScale, dec, Decimal, floor8 } from "../../server/core/decimal.shared.ts";
import { down, up } from "../../server/exchanges/markets/rules.ts";

/** Decimal text of every shape: signs, zeros, leading zeros, many or no decimals, exponents. */
const decimalText = fc.oneof(
  fc.tuple(
    fc.constantFrom("", "-"),
    fc.oneof(fc.constant("0"), fc.bigInt({ min: 0n, max: 10n ** 30n }).map(String)),
    fc.option(fc.stringMatching(/^[0-9]{1,12}$/), { nil: undefined }),
  ).map(([sign, int, frac]) => `${sign}${int}${frac === undefined ? "" : `.${frac}`}`),
  fc.constantFrom("0", "-0", "0.0", "-0.000", "007", "00.5", "1e-9", "1.5e3", "-0.000000005"),
);

Deno.test("floor8: the plain text's short way gives what the Decimal way gives", () => {
  fc.assert(
    fc.property(decimalText, (text) => {
      assert.equal(floor8(text), dec(text).toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed(8));
    }),
    { numRuns: 2000 },
  );
});

Deno.test("atScale: PostgreSQL's NUMERIC(38, 8) text, rounded half away from zero, no negative zero", () => {
  fc.assert(
    fc.property(decimalText, (text) => {
      const rounded = dec(text).toDecimalPlaces(8, Decimal.ROUND_HALF_UP);
      const expected = (rounded.isZero() ? rounded.abs() : rounded).toFixed(8);
      assert.equal(atScale(text, 8), expected);
    }),
    { numRuns: 2000 },
  );
  assert.equal(atScale("-0", 8), "0.00000000");
  assert.equal(atScale("-0.000000005", 8), "-0.00000001");
  assert.equal(atScale("-0.000000004", 8), "0.00000000");
  assert.equal(atScale("67250.5", 8), "67250.50000000");
  assert.equal(atScale("100", 2), "100.00");
});

Deno.test("down and up: a step of 10^-k rounds by places, as dividing by the step does", () => {
  const step = fc.oneof(
    fc.integer({ min: 0, max: 10 }).map((k) => dec(10).pow(-k).toFixed()),
    fc.constantFrom("0.5", "0.0025", "10", "25", "0.00000003"),
  );
  // Quantities and prices as orders have them: within Decimal's 20 digits, which the division
  // the short way replaces rounds to.
  const value = fc.tuple(
    fc.constantFrom("", "-"),
    fc.bigInt({ min: 0n, max: 10n ** 11n }).map(String),
    fc.option(fc.stringMatching(/^[0-9]{1,8}$/), { nil: undefined }),
  ).map(([sign, int, frac]) => `${sign}${int}${frac === undefined ? "" : `.${frac}`}`);
  fc.assert(
    fc.property(value, step, (v, grid) => {
      const g = dec(grid);
      assert.equal(down(v, grid).toFixed(), dec(v).div(g).floor().mul(g).toFixed());
      assert.equal(up(v, grid).toFixed(), dec(v).div(g).ceil().mul(g).toFixed());
    }),
    { numRuns: 2000 },
  );
});
