// Hot queries built with drizzle's sql template but run as text: drizzle's query building and row
// mapping were most of a list request's CPU time. On PostgreSQL the statement is prepared (parsed
// and planned once per connection). Rows come back as the driver gives them.
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Database } from "../db/client.ts";

const dialect = new PgDialect();

export async function rawRows<T>(database: Pick<Database, "db" | "sql">, query: SQL): Promise<T[]> {
  if (!database.sql) return rowsOf<T>(await database.db.execute(query));
  const { sql, params } = dialect.sqlToQuery(query);
  return await database.sql.unsafe(sql, params as never[], { prepare: true }) as unknown as T[];
}

/** postgres.js answers an array of rows, PGlite an object with `rows`. */
// deno-lint-ignore no-explicit-any
export const rowsOf = <T>(result: any): T[] => Array.isArray(result) ? result : result.rows;
