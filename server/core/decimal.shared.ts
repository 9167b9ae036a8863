// Money math in decimals, never floats. Values travel as strings.
import { Decimal } from "decimal.js";

export { Decimal };

export type DecimalInput = Decimal.Value;

export const dec = (v: DecimalInput) => new Decimal(v);

/** Floors to 8 decimals, as the spec's quantities and prices are. */
export const floor8 = (v: DecimalInput) =>
  new Decimal(v).toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed(8);

export const isDecimalString = (s: string) => /^-?\d+(\.\d+)?$/.test(s);
