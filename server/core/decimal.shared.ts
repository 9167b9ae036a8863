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
export const floor8 = (v: DecimalInput) =>
  plainWithin(v, 8)
    ? padTo(v as string, 8)
    : dec(v).toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed(8);

/**
 * `v` at `scale` decimals, rounded half away from zero as PostgreSQL's NUMERIC(p, scale) stores
 * it, in the text PostgreSQL gives back.
 */
export const atScale = (v: DecimalInput, scale: number) =>
  plainWithin(v, scale)
    ? padTo(v as string, scale)
    : unsignedZero(dec(v).toDecimalPlaces(scale, Decimal.ROUND_HALF_UP)).toFixed(scale);

/** PostgreSQL has no negative zero. */
const unsignedZero = (d: Decimal) => d.isZero() ? d.abs() : d;

// Decimal text as toFixed writes it (no leading zeros, no exponent): the money the server passes
// around already is, and padding it with zeros costs far less than a Decimal and its text (issue
// 31: parsing and writing decimals was a tenth of an order's work).
const PLAIN = /^-?(0|[1-9]\d*)(\.\d+)?$/;
/** Plain text with at most `scale` decimals, not a negative zero (toFixed writes no sign on it). */
const plainWithin = (v: DecimalInput, scale: number) =>
  typeof v === "string" && PLAIN.test(v) && decimalsOf(v) <= scale && !/^-0(\.0*)?$/.test(v);
const decimalsOf = (text: string) => {
  const dot = text.indexOf(".");
  return dot < 0 ? 0 : text.length - dot - 1;
};
const padTo = (text: string, scale: number) => {
  const decimals = decimalsOf(text);
  if (decimals === scale) return text;
  return (decimals ? text : `${text}.`) + "0".repeat(scale - decimals);
};

export const isDecimalString = (s: string) => /^-?\d+(\.\d+)?$/.test(s);
