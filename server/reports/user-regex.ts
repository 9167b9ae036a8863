// The User Summary Report filters usernames with a regex the caller types, run by PostgreSQL's
// `~` operator. PostgreSQL's engine is a DFA for most patterns, but back-references make it
// backtrack, and `^(.*)(.*)\2\1$` over a few thousand characters runs for seconds. So:
// - the pattern is at most USER_REGEX_MAX_LENGTH characters (schema.ts);
// - on PostgreSQL every query that evaluates it runs in a transaction with a local
//   statement_timeout: a pattern that runs too long is a 400, never a hung server;
// - PGlite (WASM, one thread, no timer signals) ignores statement_timeout, so there patterns
//   with back-references are refused up front: without them the engine is a DFA whose work
//   grows with pattern and text size, both bounded.
import { sql } from "drizzle-orm";
import { badRequest } from "../core/errors.ts";
import type { Db } from "../db/client.ts";
import type { Deps } from "../deps.ts";
import { msg } from "../core/messages.shared.ts";

const INVALID_REGEX = "2201B";
const QUERY_CANCELED = "57014";

/** True when an ARE pattern holds a back-reference (\1 to \9, possibly followed by digits). */
export function hasBackReference(pattern: string): boolean {
  for (let i = 0; i < pattern.length - 1; i++) {
    if (pattern[i] !== "\\") continue;
    if (/[1-9]/.test(pattern[i + 1])) return true;
    i++; // skip the escaped character, so "\\1" is a literal backslash and a digit
  }
  return false;
}

function pgCode(err: unknown): string | undefined {
  for (let e = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") return code;
  }
  return undefined;
}

function pgMessage(err: unknown): string {
  for (let e = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if (typeof (e as { code?: unknown }).code === "string") return (e as Error).message;
  }
  return String(err);
}

/** Refuses what cannot be bounded on this database before anything runs. */
export function checkUserRegex(deps: Pick<Deps, "database">, pattern: string) {
  if (deps.database.kind === "pglite" && hasBackReference(pattern)) {
    throw badRequest(msg("reports.regexBackReferences"), "userRegex");
  }
}

/** Runs `work` so that a slow or invalid pattern ends as a 400 with a clear message. */
export async function withRegexLimit<T>(
  deps: Pick<Deps, "config" | "database" | "db">,
  work: (db: Db) => Promise<T>,
): Promise<T> {
  try {
    return await deps.db.transaction(async (tx) => {
      if (deps.database.kind === "postgres") {
        const ms = String(deps.config.REPORT_REGEX_TIMEOUT_MS);
        await tx.execute(sql`select set_config('statement_timeout', ${ms}, true)`);
      }
      return await work(tx);
    });
  } catch (err) {
    const code = pgCode(err);
    if (code === INVALID_REGEX) {
      throw badRequest(msg("reports.regexInvalid", { detail: pgMessage(err) }), "userRegex");
    }
    if (code === QUERY_CANCELED) {
      throw badRequest(
        msg("reports.regexTimeout", { ms: deps.config.REPORT_REGEX_TIMEOUT_MS }),
        "userRegex",
      );
    }
    throw err;
  }
}
