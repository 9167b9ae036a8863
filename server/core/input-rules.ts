// Bounds every input shares, so a value the database cannot hold is a 400, never a 500. Shared by
// the server's schemas and the client's forms: no server-only imports here.
import { z } from "zod";
import type { $ZodType } from "zod/v4/core";
import { msg, SERVER_MESSAGES } from "./messages.shared.ts";
import "./zod-messages.shared.ts";

/** An integer id column (PostgreSQL int4). */
export const INT_ID_MAX = 2_147_483_647;

/** A bigint id column, as far as a JS number holds it exactly. */
export const BIG_ID_MAX = Number.MAX_SAFE_INTEGER;

/** The last millisecond of 9999: PostgreSQL and ISO 8601 both write four-digit years. */
export const MAX_TIME_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

const ID_MESSAGE = SERVER_MESSAGES["input.id"];

/** An id of an integer column in a JSON body. */
export const idField = z.number({ error: ID_MESSAGE }).int(ID_MESSAGE).positive(ID_MESSAGE)
  .max(INT_ID_MAX, ID_MESSAGE);

/** The same in a path or query (a string of digits), or a body that has always taken "12". */
export const idParam = z.coerce.number({ error: ID_MESSAGE }).pipe(idField);

/** An id of a bigint column (transactions), in a path, query or body. */
export const bigIdParam = z.coerce.number({ error: ID_MESSAGE }).pipe(
  z.number().int(ID_MESSAGE).positive(ID_MESSAGE).max(BIG_ID_MAX, ID_MESSAGE),
);

/** An instant in epoch milliseconds from 1970 to the end of 9999. */
export const timeMsField = (message: string) =>
  z.number().int(message).min(0, message).max(MAX_TIME_MS, message);

/**
 * The one rule for a time in a body or query: epoch milliseconds as a number or a string of digits
 * (query parameters arrive as strings), from 1970 to the end of 9999. Every route's time takes it,
 * so none can hand the database a year it cannot store.
 */
export const epochMsField = z.union([z.number(), z.string().trim().regex(/^\d+$/)], {
  error: SERVER_MESSAGES["input.timeMs"],
}).transform(Number).pipe(timeMsField(SERVER_MESSAGES["input.timeMs"]));

export const NUL_MESSAGE = SERVER_MESSAGES["input.nul"];
const UNICODE_MESSAGE = SERVER_MESSAGES["input.invalidUnicode"];

/** Nesting a body may have: the deepest real one is 3; the JSON body limit caps the width. */
export const MAX_DEPTH = 32;

/** Why a parsed input is refused before any schema reads it, and where ([] is the value itself). */
export interface InputFault {
  path: string[];
  message: string;
}

/** A text PostgreSQL cannot store (a NUL) or that is not Unicode (a lone surrogate). */
function textFault(text: string): string | null {
  if (text.includes("\0")) return NUL_MESSAGE;
  if (!text.isWellFormed()) return UNICODE_MESSAGE;
  return null;
}

/**
 * The first text holding a NUL or a lone surrogate in a parsed body, query or param object, or
 * nesting past MAX_DEPTH; null when there is none. Walked with a stack of its own, not recursion,
 * so no nesting can overflow the call stack.
 */
export function inputFault(value: unknown): InputFault | null {
  const flat = flatFault(value);
  if (flat !== undefined) return flat;
  const stack: [unknown, string[]][] = [[value, []]];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v === "string") {
      const message = textFault(v);
      if (message) return { path, message };
      continue;
    }
    if (!v || typeof v !== "object") continue;
    if (path.length >= MAX_DEPTH) {
      return { path: [], message: msg("input.tooDeep", { max: MAX_DEPTH }).text };
    }
    const entries = Array.isArray(v) ? v.map((x, i) => [String(i), x] as const) : Object.entries(v);
    // Pushed last to first so the first fault in reading order is the one found.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i];
      stack.push([child, [...path, key]]);
      if (!Array.isArray(v)) stack.push([key, path]);
    }
  }
  return null;
}

/**
 * inputFault of an object whose values are all texts, numbers, booleans or null, as nearly every
 * body and query is, read without building a path for each value; undefined for any other value.
 */
function flatFault(value: unknown): InputFault | null | undefined {
  if (!value || typeof value !== "object" || Array.isArray(value)) return undefined;
  const object = value as Record<string, unknown>;
  const keys = Object.keys(object);
  for (const key of keys) {
    const v = object[key];
    if (v !== null && typeof v === "object") return undefined;
  }
  for (const key of keys) {
    const keyFault = textFault(key);
    if (keyFault) return { path: [], message: keyFault };
    const v = object[key];
    const message = typeof v === "string" ? textFault(v) : null;
    if (message) return { path: [key], message };
  }
  return null;
}

/** A schema that refuses the faults inputFault finds before `schema` parses its input. */
export function checkedInput<T extends $ZodType>(schema: T) {
  return z.unknown().superRefine((v, ctx) => {
    const fault = inputFault(v);
    if (fault) ctx.addIssue({ code: "custom", message: fault.message, path: fault.path });
  }).pipe(schema);
}

/** A list's page and page size; a page past a million is refused before it becomes an offset. */
export const pageShape = {
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
};
