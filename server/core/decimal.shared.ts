// Money math in decimals, never floats. Values travel as strings.
import { Decimal } from "decimal.js";

export { Decimal };

export type DecimalInput = Decimal.Value;

/**
 * Parsed decimals by their text: an order parses its few prices, amounts and market steps a dozen
 * times over, and parsing was a tenth of the server's work on it (issue 31). Decimals never change,
 * so one can be shared; the cache is emptied when full, not ordered.
 */
const parsed = new Map<string, Decimal>();
const PARSED_MAX = 4096;
/** Longer texts (money has at most 38 digits) are parsed each time: a few can hold no memory. */
const PARSED_LENGTH = 48;

export const dec = (v: DecimalInput): Decimal => {
  if (typeof v !== "string" || v.length > PARSED_LENGTH) return new Decimal(v);
  let d = parsed.get(v);
  if (!d) {
    d = new Decimal(v);
    if (parsed.size >= PARSED_MAX) parsed.clear();
    parsed.set(v, d);
  }
  return d;
};

/** Floors to 8 decimals, as the spec's quantities and prices are. */
export const floor8 = (v: DecimalInput) => dec(v).toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed(8);

export const isDecimalString = (s: string) => /^-?\d+(\.\d+)?$/.test(s);
