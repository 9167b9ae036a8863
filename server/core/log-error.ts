// The one way errors reach the log. A failed query carries its parameters (a new user's password
// hash, a sealed key, a token's digest): each is named by its column from the statement and
// withheld when the name says secret; one whose column cannot be told is withheld too.
import { unavailableReason } from "./database-faults.ts";
import { msg } from "./messages.shared.ts";

const SECRET_NAME = /pass|hash|token|secret|key|totp|code|sign|otp|cookie|auth/i;
const WITHHELD = "[redacted]";

interface QueryError extends Error {
  query: string;
  params: unknown[];
}

const isQueryError = (err: Error): err is QueryError =>
  typeof (err as Partial<QueryError>).query === "string" &&
  Array.isArray((err as Partial<QueryError>).params);

/** The column each $n of a statement is compared with or inserted into, when it can be told. */
export function paramColumns(query: string): Map<number, string> {
  const names = new Map<number, string>();
  // "col" = $1, "table"."col" <= $2, "col" in ($3, $4)
  for (const m of query.matchAll(/"(\w+)"\s*(?:=|<>|<=|>=|<|>|in \()\s*((?:\$\d+(?:,\s*)?)+)/gi)) {
    for (const n of m[2].matchAll(/\$(\d+)/g)) names.set(Number(n[1]), m[1]);
  }
  // insert into "t" ("a", "b") values ($1, $2), ($3, $4)
  const insert = /insert into "\w+" \(([^)]*)\) values (.*)/is.exec(query);
  if (insert) {
    const columns = [...insert[1].matchAll(/"(\w+)"/g)].map((c) => c[1]);
    for (const row of insert[2].matchAll(/\(([^()]*)\)/g)) {
      row[1].split(",").forEach((cell, i) => {
        const n = /\$(\d+)/.exec(cell);
        if (n && columns[i]) names.set(Number(n[1]), columns[i]);
      });
    }
  }
  return names;
}

/** A copy of a plain value with every secret-named field withheld. */
export function redactFields(value: unknown, depth = 0): unknown {
  if (depth > 4 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((v) => redactFields(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map((
      [k, v],
    ) => [k, SECRET_NAME.test(k) ? WITHHELD : redactFields(v, depth + 1)]),
  );
}

/** The error as loggable text: message, query with its parameters by column, stack, cause. */
export function describeError(err: unknown, depth = 0): string {
  if (!(err instanceof Error)) return JSON.stringify(redactFields(err)) ?? String(err);
  const lines: string[] = [];
  if (isQueryError(err)) {
    const columns = paramColumns(err.query);
    const params = err.params.map((p, i) => {
      const column = columns.get(i + 1);
      return column && !SECRET_NAME.test(column) ? `${column}=${JSON.stringify(p)}` : WITHHELD;
    });
    lines.push(`${err.name}: failed query: ${err.query}`, `params: ${params.join(", ")}`);
  } else lines.push(`${err.name}: ${err.message}`);
  lines.push(...(err.stack?.split("\n").filter((l) => /^\s+at /.test(l)) ?? []));
  if (err.cause !== undefined && depth < 3) {
    lines.push(`caused by ${describeError(err.cause, depth + 1)}`);
  }
  return lines.join("\n");
}

/**
 * Text with every `name=value` whose name says secret withheld: an exchange's signed URL in a
 * network error (`signature=`, `apiKey=`), a token in a query string.
 */
export const redactText = (text: string) =>
  text.replace(
    /\b(\w*(?:pass|hash|token|secret|key|totp|sign|otp|cookie|auth)\w*)=("[^"]*"|[^\s&,)]+)/gi,
    `$1=${WITHHELD}`,
  );

/**
 * The one way errors reach the log: `context`, and the error, if any, as describeError writes
 * it, with secret-named values withheld from the text as well.
 */
export function logError(context: string, err?: unknown) {
  console.error(redactText(err === undefined ? context : `${context}: ${describe(err)}`));
}

/**
 * An expected outage (the database unreachable, restarting, overloaded) in one line: a stack says
 * nothing then, and an outage would print one for every socket and candle.
 */
function describe(err: unknown): string {
  const reason = unavailableReason(err);
  if (!reason) return describeError(err);
  return `${msg(reason).text} (${rootMessage(err)})`;
}

function rootMessage(err: unknown): string {
  let e = err;
  for (let depth = 0; e instanceof Error && e.cause instanceof Error && depth < 4; depth++) {
    e = e.cause;
  }
  return e instanceof Error ? e.message.split("\n")[0] : String(e);
}
