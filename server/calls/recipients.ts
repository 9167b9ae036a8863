// Each recipient of a call gets a line (call_recipients) when it is sent: the call board's
// (server/call-board/) lines, moved on from there as it happens. Here only what the calls area
// itself writes: the call with its lines at sending, and a halt's or limit's refusal during the
// call, each told through Deps.onCallLinesChanged so the board's area sends it on.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { CodedMessage } from "../core/messages.shared.ts";
import { callRecipients, calls, users } from "../db/schema.ts";
import type { RecipientState } from "../db/enums.shared.ts";
import type { Deps } from "../deps.ts";
import { targetPair } from "./target.shared.ts";

type CallRow = typeof calls.$inferSelect;

/** The lines an order or refusal may still move: nobody is taken back from traded or missed. */
export const UNDECIDED: RecipientState[] = ["notified", "seen"];

/**
 * The statement that writes the call and its lines: a line for each member the call concerns (its
 * group but the caller, alive, whose pair the target takes: callEffect's rule), "page" when one of
 * `shown` (users with a page shown on some instance), else "offline" until a push says. One
 * commit, so a call is never live without its lines (two statements left one whose members traded
 * unrecorded when the second failed), and the members are not read into the app to be sent back
 * (bench realtime: a call to 1,000 waits for this before it is delivered).
 */
export function insertCallSql(call: CallRow, shown: number[]) {
  const pair = targetPair(call.target);
  // The shown users as a JSON object's keys, read once (the sub-select: a generic plan cast the
  // parameter again for every member) and looked up by binary search a member. A parameter
  // array's "= any" was scanned once a member: 685 ms for 3,000 members against 6,667 users
  // shown, 1.1-2.7 ms this way (tests/api/call-insert-plan.test.ts).
  const shownKeys = JSON.stringify(Object.fromEntries(shown.map((id) => [id, 1])));
  // The pairs as one JSON parameter: drizzle's sql spreads a JS array into a list.
  return sql`with "call" as (
      insert into ${calls} ("id", "from_user_id", "from_username", "group", "target", "pairs",
        "count", "created_at", "expires_at")
      values (${call.id}, ${call.fromUserId}, ${call.fromUsername}, ${call.group}, ${call.target},
        array(select jsonb_array_elements_text(${JSON.stringify(call.pairs)}::text::jsonb)),
        ${call.count}, ${call.createdAt.toISOString()}::timestamptz,
        ${call.expiresAt.toISOString()}::timestamptz)
      returning "id", "group", "from_user_id", "created_at")
    insert into ${callRecipients} ("call_id", "user_id", "call_at", "pair", "delivery")
    select c."id", u."id", c."created_at", u."pair",
      case when (select ${shownKeys}::text::jsonb) ? u."id"::text then 'page' else 'offline' end
    from "call" c join ${users} u on u."group" = c."group" and u."id" <> c."from_user_id"
      and u."deleted_at" is null
    where ${pair}::text is null or lower(u."pair") = lower(${pair}::text)
    on conflict do nothing`;
}

/** Writes the call and its lines (insertCallSql), in one commit. */
export async function insertCall(deps: Pick<Deps, "db">, call: CallRow, shown: number[]) {
  await deps.db.execute(insertCallSql(call, shown));
}

/** A halt or limit refused the user's order during the call: `why` goes on their line. */
export async function refuseLine(
  deps: Pick<Deps, "db" | "onCallLinesChanged">,
  callId: string,
  userId: number,
  why: Pick<CodedMessage, "code" | "params">,
) {
  const cr = callRecipients;
  const moved = await deps.db.update(cr).set({
    state: "refused",
    reason: { code: why.code, params: why.params },
  }).where(and(eq(cr.callId, callId), eq(cr.userId, userId), inArray(cr.state, UNDECIDED)))
    .returning({ userId: cr.userId });
  if (moved.length) deps.onCallLinesChanged(callId, [userId]);
}
