// Statements run without drizzle's row mapping. The hot ones (sessions on every request,
// transaction lists and creates) are SQL text, prepared, their rows mapped by hand: drizzle's query
// building and row mapping cost more CPU than running those statements did.
import { getTableColumns, getTableName, type SQL, sql, type Table } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { PGlite } from "@electric-sql/pglite";
import type { Database, Db } from "./client.ts";
import { retryConflicts } from "../core/database-faults.ts";
import { atScale } from "../core/decimal.shared.ts";
import { blankOf } from "../core/fixed-shape.ts";

/** The rows of a drizzle query run as it is: postgres.js answers an array, PGlite `{ rows }`. */
export async function executeRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

const dialect = new PgDialect();

/** A query built with drizzle's sql template, run as text: prepared on PostgreSQL. */
export async function rawRows<T>(database: Pick<Database, "db" | "sql">, query: SQL): Promise<T[]> {
  const { sql, params } = dialect.sqlToQuery(query);
  return await textRows<T>(database, sql, params);
}

/** Runs SQL text with positional parameters ($1, $2...); prepared once per connection on PostgreSQL. */
export async function textRows<T>(
  database: Pick<Database, "db" | "sql">,
  text: string,
  params: unknown[],
): Promise<T[]> {
  const sql = database.sql;
  if (sql) {
    // `simple: false`: without it, postgres.js sends a statement without parameters as a simple
    // query, which PostgreSQL plans afresh every time.
    const options = { prepare: true, simple: false };
    return await retryConflicts(() =>
      sql.unsafe(text, params as never[], options)
    ) as unknown as T[];
  }
  const client = (database.db as unknown as { $client: PGlite }).$client;
  return (await client.query<T>(text, params)).rows;
}

/**
 * Runs a drizzle query and hands each row to `onRow` as it arrives. postgres.js parses rows while
 * PostgreSQL is still producing the rest, so a long read is worked on as it comes and no array of
 * it is ever held; PGlite answers all at once.
 */
export async function eachRow<T>(
  database: Pick<Database, "db" | "sql">,
  query: SQL,
  onRow: (row: T) => void,
): Promise<void> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  if (database.sql) {
    await database.sql.unsafe(text, params as never[], { prepare: true })
      .forEach(onRow as (row: unknown) => void);
    return;
  }
  for (const row of await textRows<T>(database, text, params)) onRow(row);
}

/** SQL text with positional parameters ($1, $2...) as a drizzle query, to run in a transaction. */
export function textQuery(text: string, params: unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(parts.map((part, i) => i % 2 ? sql`${params[Number(part) - 1]}` : sql.raw(part)));
}

/** A table's columns as SQL text, and the mapping of a raw row back to drizzle's row type. */
export function rawShape<T extends Table>(table: T, prefix = "") {
  const tableName = getTableName(table);
  const columns = Object.entries(getTableColumns(table)).map(([key, column]) => ({
    key,
    name: column.name,
    type: column.getSQLType(),
  }));
  const dates = columns.filter((c) => c.type.startsWith("timestamp")).map((c) => c.key);
  const bigints = columns.filter((c) => c.type === "bigint").map((c) => c.key);
  const scaleAt = columns.flatMap((c, i) => {
    const scale = /^numeric\(\d+, (\d+)\)$/.exec(c.type)?.[1];
    return scale ? [[i, Number(scale)] as const] : [];
  });
  const blank = blankOf(columns.map((c) => c.key));
  // Dates and bigints as read() makes them, whatever the driver answered or the caller sent.
  const typed = (row: Record<string, unknown>) => {
    for (const key of dates) if (row[key] != null) row[key] = new Date(row[key] as string);
    for (const key of bigints) if (row[key] != null) row[key] = Number(row[key]);
    return row as T["$inferSelect"];
  };
  return {
    columns,
    /**
     * The row as read() gives it once written from `values` (every column, in `columns`' order, as
     * sent): NUMERIC(p, s) at its scale, rounded half away from zero as PostgreSQL rounds, dates and
     * bigints as read() makes them. For a statement that need not send back what it wrote.
     */
    stored(values: readonly unknown[]): T["$inferSelect"] {
      const row = blank();
      for (let i = 0; i < columns.length; i++) row[columns[i].key] = values[i];
      for (const [i, scale] of scaleAt) {
        if (values[i] != null) row[columns[i].key] = atScale(values[i] as string, scale);
      }
      return typed(row);
    },
    /** `"table"."column" as "<prefix>key", ...` */
    select: columns.map((c) => `"${tableName}"."${c.name}" as "${prefix}${c.key}"`).join(", "),
    /**
     * postgres.js (as drizzle configures it) gives dates as PostgreSQL's text, which Date parses,
     * and bigint as text; PGlite gives Date and number.
     */
    read(raw: Record<string, unknown>): T["$inferSelect"] {
      const row = blank();
      for (const { key } of columns) row[key] = raw[prefix + key];
      return typed(row);
    },
  };
}
