// Calls: a Lead (or above) sends one to their group; it lives CALL_EXPIRY_MS. The calls table is
// the truth: receivers are told over the bus, and the trade gate reads the table and the clock.
import { and, desc, eq, gt, ne } from "drizzle-orm";
import type { SessionUser } from "../auth/sessions.ts";
import { badRequest } from "../core/errors.ts";
import { randomHex } from "../core/hex.ts";
import { calls } from "../db/schema.ts";
import type { Deps } from "../deps.ts";
import { findPair } from "../exchanges/pairs.shared.ts";
import {
  CALL_TARGET_ALL,
  type CallEffect,
  callEffect,
  isFixedTarget,
  targetPair,
} from "./target.shared.ts";
import type { Hub } from "../realtime/hub.ts";
import type { CallInfo } from "../realtime/protocol.ts";
import type { SendCallInput } from "./schema.ts";
import { msg } from "../core/messages.shared.ts";
import { insertCall } from "./recipients.ts";

type CallRow = typeof calls.$inferSelect;

export const toCallInfo = (row: CallRow): CallInfo => ({
  id: row.id,
  from: row.fromUsername,
  fromUserId: row.fromUserId,
  group: row.group,
  target: row.target,
  count: row.count,
  createdAt: row.createdAt.getTime(),
  expiresAt: row.expiresAt.getTime(),
});

/** Fixed targets keep their case; pair codes are stored lower-case, as the pair list spells them. */
function normalizeTarget(raw: string): string {
  const upper = raw.toUpperCase().replace(/ /g, "_");
  if (isFixedTarget(upper) || upper === CALL_TARGET_ALL) return upper;
  const pair = findPair(raw.toLowerCase());
  if (pair) return pair.value;
  throw badRequest(msg("calls.unknownTarget", { target: raw }), "target");
}

/**
 * Records the call and its recipients (their board lines) in one statement, then delivers it to
 * every online member of the caller's group but the caller.
 */
export async function sendCall(
  deps: Pick<Deps, "clock" | "config" | "db" | "onCallSent">,
  hub: Hub,
  caller: SessionUser,
  input: SendCallInput,
): Promise<CallInfo> {
  const now = deps.clock.now();
  const target = normalizeTarget(input.target);
  const pair = targetPair(target);
  const row: CallRow = {
    id: randomHex(12),
    fromUserId: caller.id,
    fromUsername: caller.username,
    group: caller.group,
    target,
    // A pair target's pair; the recipients' pairs are added with their lines (drizzle/0021).
    pairs: pair === null ? [] : [pair],
    count: input.count,
    createdAt: now,
    expiresAt: new Date(now.getTime() + deps.config.CALL_EXPIRY_MS),
  };
  await insertCall(deps, row, hub.shownUsers());
  const call = toCallInfo(row);
  await hub.publish({ groups: [call.group], exceptUsers: [caller.id] }, { type: "call", call });
  deps.onCallSent(call);
  return call;
}

export interface ActiveCall {
  call: CallInfo;
  effect: CallEffect;
}

/**
 * The call that governs this user now: the newest unexpired call of their group sent by someone
 * else, with its effect on the user's current pair; null when there is none or the user ignores it.
 */
export async function activeCallFor(
  deps: Pick<Deps, "db" | "clock">,
  user: SessionUser,
): Promise<ActiveCall | null> {
  const [row] = await deps.db.select().from(calls).where(and(
    eq(calls.group, user.group),
    gt(calls.expiresAt, deps.clock.now()),
    ne(calls.fromUserId, user.id),
  )).orderBy(desc(calls.createdAt)).limit(1);
  const effect = row ? callEffect(row.target, user.pair) : null;
  return row && effect ? { call: toCallInfo(row), effect } : null;
}
