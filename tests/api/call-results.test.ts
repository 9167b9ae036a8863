// Each call line keeps its result (call_recipients.result) and the figures read per-day sums of the
// lines (call_user_days, call_lead_days), all kept by triggers (drizzle/0023, docs/reports.md#speed).
// After any mix of trades closed, reopened, hand closed, edited, refused, moved and deleted, lines
// written before or after the trades, lines followed, calls moved or renamed, and overlapping calls
// (a trade counts in each), they hold exactly what the lines and trades add up to: the lateral sum
// of books.ts inCallResult. The figures over a range that cuts days equal the same read from lines.
import assert from "node:assert/strict";
import fc from "fast-check";
import { eq, sql } from "drizzle-orm";
import { Decimal } from "decimal.js";
import { callRecipients, calls, transactions } from "../../server/db/schema.ts";
import { executeRows } from "../../server/db/raw-rows.ts";
import { inCallResult } from "../../server/reports/books.ts";
import { callFigures } from "../../server/call-board/history.ts";
import type { SessionUser } from "../../server/auth/sessions.ts";
import { insertTransactions, insertUser, roundTrip } from "../support/report-fixtures.ts";
import { makeTestApp, type TestApp } from "../support/test-app.ts";

const MINUTE = 60_000;
// Calls and trades around a UTC midnight, so their sums fall on two days.
const MIDNIGHT = Date.UTC(2026, 0, 2);
const at = (minute: number) => new Date(MIDNIGHT + minute * MINUTE);
const money = fc.integer({ min: -5000, max: 5000 }).map((c) => new Decimal(c).div(100).toFixed());

const callArb = fc.record({
  start: fc.integer({ min: -40, max: 40 }),
  length: fc.integer({ min: 0, max: 30 }),
  lead: fc.integer({ min: 0, max: 1 }),
  to: fc.subarray([0, 1], { minLength: 1 }),
  traded: fc.boolean(),
});

const tradeArb = fc.record({
  minute: fc.integer({ min: -45, max: 75 }),
  user: fc.integer({ min: 0, max: 1 }),
  status: fc.constantFrom("DONE" as const, "DONE" as const, "BUY" as const),
  kind: fc.constantFrom("trade" as const, "trade" as const, "missed_call" as const),
  source: fc.constantFrom("server" as const, "server" as const, "hand_closed" as const),
  sold: fc.integer({ min: 90, max: 120 }).map(String),
  result: fc.constantFrom(true, true, false),
});

const writeArb = fc.record({
  target: fc.nat(),
  what: fc.constantFrom(
    "close",
    "reopen",
    "handClose",
    "edit",
    "noResult",
    "refused",
    "moveTime",
    "moveUser",
    "delete",
    "follow",
    "unfollow",
    "moveCall",
    "renameLead",
  ),
  value: money,
  minute: fc.integer({ min: -45, max: 75 }),
});

const text = (rows: Record<string, unknown>[]) => rows.map((r) => JSON.stringify(r)).sort();

/** The kept results and day sums beside their recomputation from the lines and the trades. */
async function keptAndRecomputed(t: TestApp) {
  const rows = (q: ReturnType<typeof sql>) => executeRows<Record<string, unknown>>(t.deps.db, q);
  const lines = {
    kept: await rows(sql`select call_id, user_id, trim_scale(result)::text as result
      from ${callRecipients}`),
    recomputed: await rows(sql`select ${callRecipients.callId} as call_id,
        ${callRecipients.userId} as user_id, trim_scale(coalesce("in_call"."pnl", 0))::text as result
      from ${callRecipients} join ${calls} on ${calls.id} = ${callRecipients.callId}
      cross join ${inCallResult}`),
  };
  const day = sql`(c.created_at at time zone 'UTC')::date::text`;
  const userDays = {
    kept: await rows(sql`select day::text as day, user_id, received, followed,
      trim_scale(result)::text as result from call_user_days`),
    recomputed: await rows(sql`select ${day} as day, r.user_id, count(*)::int as received,
        (count(*) filter (where r.state = 'traded'))::int as followed,
        trim_scale(sum(r.result))::text as result
      from call_recipients r join calls c on c.id = r.call_id group by 1, 2`),
  };
  const leadDays = {
    kept: await rows(sql`select day::text as day, lead_id, lead_name, sent, recipients, followed,
      trim_scale(result)::text as result from call_lead_days`),
    recomputed: await rows(sql`select ${day} as day, c.from_user_id as lead_id,
        c.from_username as lead_name, count(distinct c.id)::int as sent,
        count(*)::int as recipients, (count(*) filter (where r.state = 'traded'))::int as followed,
        trim_scale(sum(r.result))::text as result
      from call_recipients r join calls c on c.id = r.call_id group by 1, 2, 3`),
  };
  return { lines, userDays, leadDays };
}

/** The figures over a range read from the lines alone (what the day sums must not change). */
async function figuresFromLines(t: TestApp, start: number, end: number) {
  const range = sql`c.created_at >= ${new Date(start).toISOString()}::timestamptz
    and c.created_at < ${new Date(end + 1).toISOString()}::timestamptz`;
  const users = await executeRows<Record<string, unknown>>(
    t.deps.db,
    sql`select r.user_id as "userId", count(*)::int as received,
      trim_scale(coalesce(round(sum(r.result), 8), 0))::text as result
    from call_recipients r join calls c on c.id = r.call_id where ${range}
    group by r.user_id order by r.user_id`,
  );
  const leads = await executeRows<Record<string, unknown>>(
    t.deps.db,
    sql`select c.from_user_id as "userId", c.from_username as username,
      count(distinct c.id)::int as sent,
      trim_scale(coalesce(round(sum(r.result), 8), 0))::text as "deskResult"
    from call_recipients r join calls c on c.id = r.call_id where ${range}
    group by 1, 2 order by 2`,
  );
  return { users: [...users], leads: [...leads] };
}

async function clear(t: TestApp) {
  await t.deps.db.delete(callRecipients);
  await t.deps.db.delete(calls);
  await t.deps.db.delete(transactions);
}

Deno.test("call line results and day sums: kept equal to the trades' lateral sum after any writes", async () => {
  const t = await makeTestApp();
  try {
    const people = [await insertUser(t.deps.db, "r_one"), await insertUser(t.deps.db, "r_two")];
    const leads = [
      await insertUser(t.deps.db, "r_lead_a"),
      await insertUser(t.deps.db, "r_lead_b"),
    ];
    const admin = { id: 0, role: "Admin", group: "" } as unknown as SessionUser;
    await fc.assert(
      fc.asyncProperty(
        fc.array(callArb, { minLength: 1, maxLength: 5 }),
        fc.array(tradeArb, { minLength: 1, maxLength: 15 }),
        fc.array(writeArb, { maxLength: 12 }),
        fc.boolean(),
        fc.tuple(fc.integer({ min: -60, max: 60 }), fc.integer({ min: 0, max: 120 })),
        async (callRows, tradeRows, writes, linesFirst, [from, span]) => {
          await clear(t);
          const callIds = callRows.map((_, i) => `rc${i}`);
          const insertCalls = async () => {
            await t.deps.db.insert(calls).values(callRows.map((c, i) => ({
              id: callIds[i],
              fromUserId: leads[c.lead].id,
              fromUsername: leads[c.lead].username,
              group: "g",
              target: "BUY",
              count: 1,
              createdAt: at(c.start),
              expiresAt: at(c.start + c.length),
            })));
            await t.deps.db.insert(callRecipients).values(
              callRows.flatMap((c, i) =>
                c.to.map((u) => ({
                  callId: callIds[i],
                  userId: people[u].id,
                  callAt: at(c.start),
                  pair: "btc_usdt",
                  delivery: "page" as const,
                  state: c.traded ? "traded" as const : "seen" as const,
                  reactionMs: c.traded ? 1000 : null,
                }))
              ),
            );
          };
          // Lines before the trades (the trigger on transactions adds) or after (the line's
          // insert reads them).
          if (linesFirst) await insertCalls();
          const inserted = await insertTransactions(
            t.deps.db,
            tradeRows.map((r) => ({
              userId: people[r.user].id,
              createdAt: at(r.minute),
              ...roundTrip("1", "100", r.sold),
              status: r.status,
              kind: r.kind,
              priceSource: r.source,
              ...(r.result ? {} : { realizedPnl: null }),
            })),
          );
          if (!linesFirst) await insertCalls();
          const ids = inserted.map((r) => r.id);
          const gone = new Set<number>();
          for (const w of writes) {
            const id = ids[w.target % ids.length];
            const callId = callIds[w.target % callIds.length];
            const where = eq(transactions.id, id);
            if (w.what === "follow" || w.what === "unfollow") {
              await t.deps.db.update(callRecipients)
                .set({ state: w.what === "follow" ? "traded" : "missed" })
                .where(eq(callRecipients.callId, callId));
              continue;
            }
            if (w.what === "moveCall") {
              await t.deps.db.update(calls)
                .set({ createdAt: at(w.minute), expiresAt: at(w.minute + (w.target % 20)) })
                .where(eq(calls.id, callId));
              continue;
            }
            if (w.what === "renameLead") {
              await t.deps.db.update(calls).set({ fromUsername: `renamed_${w.target % 2}` })
                .where(eq(calls.id, callId));
              continue;
            }
            if (gone.has(id)) continue;
            const set = {
              close: { status: "DONE" as const, realizedPnl: w.value },
              reopen: { status: "SELL" as const },
              handClose: { status: "DONE" as const, priceSource: "hand_closed" as const },
              edit: { realizedPnl: w.value, priceSource: "server" as const },
              noResult: { realizedPnl: null },
              refused: { orderState: "refused" as const },
              moveTime: { createdAt: at(w.minute) },
              moveUser: { userId: people[1].id },
              delete: null,
            }[w.what];
            if (set === null) {
              await t.deps.db.delete(transactions).where(where);
              gone.add(id);
            } else await t.deps.db.update(transactions).set(set).where(where);
          }
          const { lines, userDays, leadDays } = await keptAndRecomputed(t);
          assert.deepEqual(text(lines.kept), text(lines.recomputed));
          assert.deepEqual(text(userDays.kept), text(userDays.recomputed));
          assert.deepEqual(text(leadDays.kept), text(leadDays.recomputed));
          // A range from whole days, cut days or neither reads what the lines say.
          const start = MIDNIGHT + from * MINUTE;
          const end = start + span * MINUTE - 1;
          const figures = await callFigures(t.deps, admin, { start, end });
          const expected = await figuresFromLines(t, start, end);
          assert.deepEqual(
            figures.users.map((u) => ({ userId: u.userId, received: u.received, result: u.result }))
              .sort((a, b) => a.userId - b.userId),
            expected.users,
          );
          assert.deepEqual(
            figures.leads.map((l) => ({
              userId: l.userId,
              username: l.username,
              sent: l.sent,
              deskResult: l.deskResult,
            })),
            expected.leads.map((l) => ({
              ...l,
              // A Lead's desk result spans every name their calls carried.
              deskResult: new Decimal(
                expected.leads.filter((x) => x.userId === l.userId)
                  .reduce((s, x) => s.plus(x.deskResult as string), new Decimal(0)),
              ).toFixed(),
            })),
          );
        },
      ),
      { numRuns: 40 },
    );
    // Lines deleted: no day sum is left behind.
    await clear(t);
    const left = await executeRows<{ n: number }>(
      t.deps.db,
      sql`select (select count(*) from call_user_days) + (select count(*) from call_lead_days) as n`,
    );
    assert.equal(Number(left[0].n), 0);
  } finally {
    await t.close();
  }
});

Deno.test("call line results: two trades of one user closing at once both add", async () => {
  const t = await makeTestApp();
  try {
    const user = await insertUser(t.deps.db, "r_both");
    const lead = await insertUser(t.deps.db, "r_both_lead");
    await t.deps.db.insert(calls).values({
      id: "rboth",
      fromUserId: lead.id,
      fromUsername: lead.username,
      group: "g",
      target: "BUY",
      count: 1,
      createdAt: at(0),
      expiresAt: at(10),
    });
    await t.deps.db.insert(callRecipients).values({
      callId: "rboth",
      userId: user.id,
      callAt: at(0),
      pair: "btc_usdt",
      delivery: "page",
    });
    const open = await insertTransactions(
      t.deps.db,
      [1, 2].map((m) => ({
        userId: user.id,
        createdAt: at(m),
        ...roundTrip("1", "100", "110"),
        status: "SELL" as const,
      })),
    );
    // Each close holds its transaction open a moment after its update, so the other runs into
    // the line's row lock (on PostgreSQL; PGlite runs them one after the other).
    await Promise.all(open.map((row, i) =>
      t.deps.db.transaction(async (tx) => {
        await tx.update(transactions).set({ status: "DONE", realizedPnl: `${i + 1}.5` })
          .where(eq(transactions.id, row.id));
        await new Promise((resolve) => setTimeout(resolve, 150));
      })
    ));
    const [line] = await executeRows<{ result: string }>(
      t.deps.db,
      sql`select trim_scale(result)::text as result from call_recipients where call_id = 'rboth'`,
    );
    assert.equal(line.result, "4");
    const [day] = await executeRows<{ result: string }>(
      t.deps.db,
      sql`select trim_scale(result)::text as result from call_user_days where user_id = ${user.id}`,
    );
    assert.equal(day.result, "4");
  } finally {
    await t.close();
  }
});
