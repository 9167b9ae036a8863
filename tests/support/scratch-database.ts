import postgres from "postgres";

/** The PostgreSQL server the benchmarks use (BENCH_DATABASE_URL, else the local one). */
export const BENCH_DATABASE_URL = Deno.env.get("BENCH_DATABASE_URL") ??
  "postgres://postgres@127.0.0.1:5432/test";

/**
 * A fresh database on the PostgreSQL server at `baseUrl`, empty or a copy of `template`, dropped
 * by `drop()`.
 */
export async function scratchDatabase(baseUrl: string, name: string, template?: string) {
  const admin = postgres(baseUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.unsafe(`create database ${name}${template ? ` template ${template}` : ""}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const sql = postgres(baseUrl, { max: 1, onnotice: () => {} });
      await sql.unsafe(`drop database if exists ${name} with (force)`);
      await sql.end();
    },
  };
}
