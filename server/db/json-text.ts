// JSON text built by hand for the batch statements' input (server/transactions/fill-batches.ts):
// JSON.stringify called per value cost more than the rest of building an order's input.

/** What JSON.stringify would escape in a string (a lone surrogate: any surrogate, to be safe). */
// deno-lint-ignore no-control-regex -- control characters are what JSON escapes
const ESCAPED = /["\\\u0000-\u001f\ud800-\udfff]/;

/** `value` as JSON text: strings, finite numbers and booleans directly, anything else stringified. */
export function jsonValue(value: unknown): string {
  if (typeof value === "string") return ESCAPED.test(value) ? JSON.stringify(value) : `"${value}"`;
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "null";
  if (typeof value === "boolean") return value ? "true" : "false";
  return JSON.stringify(value) ?? "null";
}
