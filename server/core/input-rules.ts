// Bounds every input shares, so a value the database cannot hold is a 400, never a 500. Shared by
// the server's schemas and the client's forms: no server-only imports here.
import { z } from "zod";
import type { $ZodType } from "zod/v4/core";
import { SERVER_MESSAGES } from "./messages.shared.ts";
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

export const NUL_MESSAGE = SERVER_MESSAGES["input.nul"];

/**
 * The path of the first text holding a NUL (PostgreSQL text cannot store one), in a parsed body,
 * query or param object; null when there is none. "" is the value itself.
 */
export function nulPath(value: unknown, path = ""): string | null {
  if (typeof value === "string") return value.includes("\0") ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulPath(value[i], path ? `${path}.${i}` : String(i));
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [key, v] of Object.entries(value)) {
      const found = nulPath(key, path) ?? nulPath(v, path ? `${path}.${key}` : key);
      if (found !== null) return found;
    }
  }
  return null;
}

/** A schema that refuses a NUL anywhere in its input before `schema` parses it. */
export function withoutNul<T extends $ZodType>(schema: T) {
  return z.unknown().superRefine((v, ctx) => {
    const at = nulPath(v);
    if (at !== null) {
      ctx.addIssue({ code: "custom", message: NUL_MESSAGE, path: at ? at.split(".") : [] });
    }
  }).pipe(schema);
}

/** A list's page and page size; a page past a million is refused before it becomes an offset. */
export const pageShape = {
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
};
