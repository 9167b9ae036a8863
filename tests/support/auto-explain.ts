// Plan tests read the plans PostgreSQL really ran, with auto_explain on a connection of their own:
// it can log the statements of functions and triggers too, and a named statement's plan under the
// plan cache mode asked for (a generic plan is what a statement gets from its sixth run on a
// connection). PostgreSQL only.
import postgres from "postgres";
import { sql } from "drizzle-orm";
import type { Database, Db } from "../../server/db/client.ts";
import { TEST_DATABASE_URL } from "./database.ts";

/** What `explained` asks of PostgreSQL besides the plan cache mode. */
export interface ExplainOptions {
  /** Functions' and triggers' own statements logged too. */
  nested?: boolean;
  /** JIT everything a statement would let it: one that turns JIT off must still not compile. */
  jitAll?: boolean;
  /** Each node's output expressions too. */
  verbose?: boolean;
}

/**
 * The plans auto_explain logged for the statements run by `work` on the test database `database`
 * (TEST_DATABASE_URL's server and credentials), each with its text.
 */
export async function explained(
  database: Database,
  mode: string,
  work: (run: postgres.Sql) => Promise<unknown>,
  opts: ExplainOptions = {},
) {
  const url = new URL(TEST_DATABASE_URL!);
  url.pathname = `/${database.sql!.options.database}`;
  const plans: string[] = [];
  const run = postgres(url.href, { max: 1, onnotice: (n) => plans.push(String(n.message)) });
  try {
    await run`load 'auto_explain'`;
    await run`set auto_explain.log_min_duration = 0`;
    if (opts.nested) await run`set auto_explain.log_nested_statements = on`;
    if (opts.verbose) await run`set auto_explain.log_verbose = on`;
    await run`set auto_explain.log_level = notice`;
    await run`set client_min_messages = notice`;
    await run.unsafe(`set plan_cache_mode = ${mode}`);
    if (opts.jitAll) await run`set jit_above_cost = 0`;
    await work(run);
  } finally {
    await run.end();
  }
  return plans;
}

/**
 * A group of `members` Users and their Lead (`<prefix>_lead`, the others `<prefix>_<n>`), unique
 * ids from `uniqueFrom`.
 */
export async function seedGroup(
  db: Db,
  opts: { prefix: string; group: string; members: number; uniqueFrom: number },
) {
  const { prefix, group, members, uniqueFrom } = opts;
  await db.execute(sql`insert into users (username, email, password_hash, unique_id, role, "group")
    select case when g = 0 then ${prefix} || '_lead' else ${prefix} || '_' || g end,
      ${prefix} || '_' || g || '@example.com', 'x', ${uniqueFrom} + g,
      (case when g = 0 then 'Lead' else 'User' end)::role, ${group}
    from generate_series(0, ${members}) g`);
}
