// A call's lines keep their per-day sums (call_days_apply, drizzle/0023 and 0025). A call's new
// lines only add to day rows, so they skip the clean-up of emptied rows: its generic plan (which
// PostgreSQL switches a function's statements to from their sixth run on a connection) read a day's
// rows by day alone and checked the user as a join filter, and a call to 1,000 members took 150 ms
// more from its sixth on (bench realtime). Lines taken away run the clean-up, which probes day rows
// by their whole key. Nothing in the function is JIT-compiled (18 ms of a 20 ms call). The plans
// are read with auto_explain, which logs the function's own statements. PostgreSQL only.
import assert from "node:assert/strict";
import postgres from "postgres";
import { sql } from "drizzle-orm";
import { postgresTest } from "../support/database.ts";
import { explained, seedGroup } from "../support/auto-explain.ts";

const MEMBERS = 300;
/** The day sums' statements run inside a trigger's function, and must not compile even so. */
const DAY_SUMS = { nested: true, jitAll: true };

/** Inserts a call of the Lead to group g and its lines, one line per member. */
async function sendCall(run: postgres.Sql, id: string) {
  await run`insert into calls (id, from_user_id, from_username, "group", target, count,
      created_at, expires_at)
    select ${id}, id, username, 'g', 'BUY', 1, now(), now() + interval '20 seconds'
    from users where username = 'days_lead'`;
  await run`insert into call_recipients (call_id, user_id, call_at, pair, delivery)
    select ${id}, id, now(), 'btc_usdt', 'page' from users where "group" = 'g' and role = 'User'`;
}

/** The plans of the day sums' statements (their clean-up's and their upserts'). */
const ofDaySums = (plans: string[]) =>
  plans.filter((p) => /DELETE FROM call_(user|lead)_days|WITH x AS/.test(p));

function assertByWholeKey(plans: string[], table: string, key: RegExp) {
  const deletes = plans.filter((p) => p.includes(`DELETE FROM ${table}`));
  assert.ok(deletes.length > 0, `no plan of the ${table} clean-up was logged`);
  for (const text of deletes) {
    const lines = text.split("\n");
    lines.forEach((line, i) => {
      if (!new RegExp(`Index (Only )?Scan .* on ${table}\\b`).test(line)) return;
      const cond = lines.slice(i + 1).find((l) => l.includes("Index Cond:"));
      assert.match(cond ?? "", key, text);
    });
  }
}

postgresTest(
  "call day sums: the clean-up reads day rows by their whole key, generic plan or custom",
  async (database) => {
    const { db } = database;
    await seedGroup(db, { prefix: "days", group: "g", members: MEMBERS, uniqueFrom: 400000 });
    // Two months of day rows for every member, and today's, as after the day's first call.
    await db.execute(sql`insert into call_user_days (day, user_id, received, followed, result)
    select (now() at time zone 'UTC')::date - d, id, 1, 0, 0 from users,
      generate_series(1, 60) d
    where role = 'User'`);
    await sendCall(database.sql!, "days_first");
    // calls keeps no statistics yet, as a young table: the estimates that made the bad plan.
    await db.execute(sql`analyze call_user_days`);
    for (const mode of ["force_generic_plan", "force_custom_plan"]) {
      const id = `days_${mode}`;
      const sent = ofDaySums(
        await explained(database, mode, (run) => sendCall(run, id), DAY_SUMS),
      );
      assert.ok(sent.length > 0, "no plan of the day sums was logged");
      for (const text of sent) {
        assert.doesNotMatch(text, /DELETE FROM/, text);
        assert.doesNotMatch(text, /JIT:/, text);
      }
      const removed = ofDaySums(
        await explained(
          database,
          mode,
          (run) =>
            run`delete from call_recipients where call_id = ${id}
        and user_id in (select id from users where username in ('days_1', 'days_2'))`,
          DAY_SUMS,
        ),
      );
      assertByWholeKey(removed, "call_user_days", /day = .*user_id = /);
      assertByWholeKey(removed, "call_lead_days", /day = .*lead_id = .*lead_name = /);
      for (const text of removed) assert.doesNotMatch(text, /JIT:/, text);
    }
    // The sums are still right: every member received three calls today but two, who lost one
    // line of each of the last two.
    const sums = await database.sql!`select received, count(*)::int as users from call_user_days
    where day = (now() at time zone 'UTC')::date group by received order by received`;
    assert.deepEqual([...sums], [{ received: 1, users: 2 }, { received: 3, users: MEMBERS - 2 }]);
  },
);
