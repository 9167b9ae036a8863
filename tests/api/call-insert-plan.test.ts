// A call and its lines are one statement (server/calls/recipients.ts insertCallSql) that picks
// "page" for the members with a page shown from a list of every such user. As a parameter array
// ("= any", custom plan or generic) the list was scanned once a member: 3,000 members against 6,667
// users shown took 685 ms to decide, "in (select unnest)" planned for 10 elements no better. As a
// JSON object's keys, read once (an InitPlan), each member is one lookup: 1.1-2.7 ms. The plan is
// read under force_generic_plan and force_custom_plan (PostgreSQL's generic plan is the one a
// statement gets from its sixth run on a connection), and the statement run for real. PostgreSQL
// only.
import assert from "node:assert/strict";
import postgres from "postgres";
import { eq, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { insertCallSql } from "../../server/calls/recipients.ts";
import { users } from "../../server/db/schema.ts";
import { openTestDatabase, TEST_DATABASE_URL } from "../support/database.ts";

const MEMBERS = 3_000;

Deno.test({
  name: "call insert: each member's shown page is one lookup, generic plan or custom",
  ignore: !TEST_DATABASE_URL,
  async fn() {
    const database = await openTestDatabase();
    try {
      const { db } = database;
      await db.execute(sql`insert into users (username, email, password_hash, unique_id, role,
          "group")
        select case when g = 0 then 'plan_lead' else 'plan_' || g end,
          'plan_' || g || '@example.com', 'x', 500000 + g,
          (case when g = 0 then 'Lead' else 'User' end)::role, 'g'
        from generate_series(0, ${MEMBERS}) g`);
      await db.execute(sql`analyze users`);
      const ids = await db.select({ id: users.id, username: users.username }).from(users)
        .where(eq(users.group, "g"));
      const lead = ids.find((u) => u.username === "plan_lead")!;
      // Every member shown, and as many users of other groups.
      const shown = [...ids.map((u) => u.id), ...ids.map((u) => u.id + 1_000_000)];
      const call = (id: string) => ({
        id,
        fromUserId: lead.id,
        fromUsername: lead.username,
        group: "g",
        target: "BUY",
        pairs: [],
        count: 1,
        createdAt: new Date(),
        expiresAt: new Date(Date.now() + 20_000),
      });
      const url = new URL(TEST_DATABASE_URL!);
      url.pathname = `/${database.sql!.options.database}`;
      for (const mode of ["force_generic_plan", "force_custom_plan"]) {
        const { sql: text, params } = new PgDialect().sqlToQuery(
          insertCallSql(call(`plan_${mode}`), shown),
        );
        const plans: string[] = [];
        const run = postgres(url.href, {
          max: 1,
          onnotice: (n) => plans.push(String(n.message)),
        });
        try {
          await run`load 'auto_explain'`;
          await run`set auto_explain.log_min_duration = 0`;
          await run`set auto_explain.log_level = notice`;
          await run`set client_min_messages = notice`;
          await run.unsafe(`set plan_cache_mode = ${mode}`);
          // A named statement, as the app's driver sends it: the mode applies to its plan.
          await run.unsafe(text, params as postgres.ParameterOrJSON<never>[], { prepare: true });
        } finally {
          await run.end();
        }
        const plan = plans.find((p) => p.includes("Insert on call_recipients"));
        assert.ok(plan, `no plan of the call's insert was logged (${mode})`);
        // The list is read once (an InitPlan at most), never once a member (a SubPlan).
        assert.doesNotMatch(plan, /SubPlan|ANY \(|Function Scan/, plan);
        const [{ page }] = await database.sql!`select count(*)::int as page from call_recipients
          where call_id = ${`plan_${mode}`} and delivery = 'page'`;
        assert.equal(page, MEMBERS);
      }
    } finally {
      await database.close();
    }
  },
});
