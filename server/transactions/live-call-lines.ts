// The call lines a transaction row may answer (docs/calls.md#call-board-and-history): its user's
// lines of the calls sent from CALL_EXPIRY_MS before the row up to the row's time and not expired
// at it. As one SQL expression, so a new order's own statement reads them (record.ts) and an
// order costs one round trip, not one more for this lookup (issue 31); the call board
// (server/call-board/lines.ts) runs the same expression alone for any other change of a row. Here,
// not in call-board/, because transactions/ must not import the board that imports it.

/** What the board needs of a line and its call to move it on an order. */
export interface LiveLine {
  callId: string;
  target: string;
  /** The call's creation, epoch ms: the line's reaction time counts from it. */
  callAt: number;
  userId: number;
  pair: string;
}

/**
 * A json array of the lines (null when there are none) of user `user` for a row created at `at`,
 * the calls sent since `since`: SQL expressions, e.g. parameters or the inserted row's columns.
 * Read through call_recipients_user (user_id, call_at).
 */
export const liveLinesSql = (user: string, at: string, since: string) =>
  `(select json_agg(json_build_object('callId', "calls"."id", 'target', "calls"."target",
      'callAt', "calls"."created_at", 'userId', "call_recipients"."user_id",
      'pair', "call_recipients"."pair"))
    from "call_recipients" join "calls" on "calls"."id" = "call_recipients"."call_id"
    where "call_recipients"."user_id" = ${user} and "call_recipients"."call_at" <= ${at}
      and "call_recipients"."call_at" >= ${since} and "calls"."expires_at" >= ${at})`;

/** The lines from liveLinesSql's value (json, parsed by the driver or not). */
export function readLiveLines(value: unknown): LiveLine[] {
  const raw = (typeof value === "string" ? JSON.parse(value) : value) as
    | (Omit<LiveLine, "callAt"> & { callAt: string })[]
    | null;
  return (raw ?? []).map((l) => ({ ...l, callAt: Date.parse(l.callAt) }));
}
