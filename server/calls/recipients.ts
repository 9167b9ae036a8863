// Each recipient of a call gets a line (call_recipients) when it is sent: the call board's
// (server/call-board/) lines, moved on from there as it happens. Here only what the calls area
// itself writes: the lines at sending, and a halt's or limit's refusal during the call, each
// told through Deps.onCallLinesChanged so the board's area sends it on.
import { and, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { CodedMessage } from "../core/messages.shared.ts";
import { callRecipients, calls, users } from "../db/schema.ts";
import type { RecipientState } from "../db/enums.shared.ts";
import type { Deps } from "../deps.ts";
import { callEffect } from "./target.shared.ts";

type CallRow = typeof calls.$inferSelect;

/** The lines an order or refusal may still move: nobody is taken back from traded or missed. */
export const UNDECIDED: RecipientState[] = ["notified", "seen"];

/**
 * The members the call concerns (its group but the caller, alive, whose pair the target takes),
 * each "page" when a page of theirs is shown on some instance, else "offline" until a push says.
 */
export async function addRecipients(
  deps: Pick<Deps, "db">,
  call: CallRow,
  isShown: (userId: number) => boolean,
) {
  const members = await deps.db.select({ id: users.id, pair: users.pair }).from(users).where(
    and(eq(users.group, call.group), ne(users.id, call.fromUserId), isNull(users.deletedAt)),
  );
  const lines = members.filter((m) => callEffect(call.target, m.pair) !== null).map((m) => ({
    user_id: m.id,
    pair: m.pair,
    delivery: isShown(m.id) ? "page" as const : "offline" as const,
  }));
  // The lines as one parameter: five a line (5,000 for a group of 1,000) took longer to build,
  // send and plan than writing the lines did, and the call waits for them (bench realtime).
  if (lines.length) {
    await deps.db.execute(sql`insert into ${callRecipients}
        ("call_id", "user_id", "call_at", "pair", "delivery")
      select ${call.id}::text, "l"."user_id", ${call.createdAt.toISOString()}::timestamptz, "l"."pair",
        "l"."delivery"
      from json_to_recordset(${JSON.stringify(lines)}::json)
        as "l"("user_id" integer, "pair" text, "delivery" text)
      on conflict do nothing`);
  }
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
