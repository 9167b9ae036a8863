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
import { postgresTest } from "../support/database.ts";
import { explained, seedGroup } from "../support/auto-explain.ts";

const MEMBERS = 3_000;

postgresTest(
  "call insert: each member's shown page is one lookup, generic plan or custom",
  async (database) => {
    const { db } = database;
    await seedGroup(db, { prefix: "plan", group: "g", members: MEMBERS, uniqueFrom: 500000 });
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
    for (const mode of ["force_generic_plan", "force_custom_plan"]) {
      const { sql: text, params } = new PgDialect().sqlToQuery(
        insertCallSql(call(`plan_${mode}`), shown),
      );
      // A named statement, as the app's driver sends it: the mode applies to its plan.
      const plans = await explained(
        database,
        mode,
        (run) => run.unsafe(text, params as postgres.ParameterOrJSON<never>[], { prepare: true }),
        { verbose: true },
      );
      const plan = plans.find((p) => p.includes("Insert on public.call_recipients"));
      assert.ok(plan, `no plan of the call's insert was logged (${mode})`);
      // The list is read once (an InitPlan), never once a member (an array scan or a SubPlan).
      assert.match(plan, /CASE WHEN \(\$\d+ \? \(u\.id\)::text\)/, plan);
      assert.doesNotMatch(plan, /SubPlan|ANY \(|Function Scan/, plan);
      const [{ page }] = await database.sql!`select count(*)::int as page from call_recipients
      where call_id = ${`plan_${mode}`} and delivery = 'page'`;
      assert.equal(page, MEMBERS);
    }
  },
);
