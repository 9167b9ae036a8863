// One check of one account: the exchange's balances against the last checkpoint's plus the fills
// the ledger recorded since (docs/trading.md#reconciliation).
//
// The checkpoint is the account's latest check that was ok with no order in flight, or a drift an
// Admin acknowledged (a deposit, a withdrawal: that balance is the account's from then on). The
// first check of an account is its first checkpoint. A drift does not move the checkpoint, so one
// caused by an order caught between the exchange and the ledger clears at the next check, and a
// real one stays on the page until acknowledged.
import { and, desc, eq, isNotNull, max, or, sql } from "drizzle-orm";
import { recordAudit } from "../audit/record.ts";
import { PERMISSIONS } from "../auth/roles.shared.ts";
import { dec, Decimal } from "../core/decimal.shared.ts";
import { logError } from "../core/log-error.ts";
import { balanceChecks } from "../db/schema.ts";
import type { Deps } from "../deps.ts";
import type { Balance } from "../exchanges/adapter.ts";
import { kindOf } from "../exchanges/exchanges.ts";
import { sayingOf } from "../exchanges/refusals.ts";
import {
  accountKey,
  accountsToCheck,
  balanceSource,
  type CheckedAccount,
  ownerOf,
} from "./accounts.ts";
import { applyFills, ledgerSince } from "./ledger.ts";
import { driftBeyond, tolerances } from "./tolerance.ts";

export const CHECK_EVERY_MS = 10 * 60_000;
/** Accounts read at once: each live one is a signed request to its exchange. */
const AT_ONCE = 4;

export type CheckDeps = Pick<Deps, "clock" | "db" | "exchanges" | "realtime" | "secretBox">;
export type CheckRow = typeof balanceChecks.$inferSelect;
/** What the exchange answered, as stored: { [asset]: { free, locked } }. */
export type Held = Record<string, { free: string; locked: string }>;

const sameAccount = (a: CheckedAccount) => {
  const c = balanceChecks;
  return and(eq(c.account, a.account), eq(c.exchange, a.exchange), eq(c.adapter, a.adapter));
};

async function checkpointOf(deps: CheckDeps, a: CheckedAccount) {
  const c = balanceChecks;
  // Orders in flight make a check no checkpoint: their funds may have moved unrecorded.
  const clear = sql`not (${c.transactionIds} @> '[{"leg":"pending"}]'::jsonb
    or ${c.transactionIds} @> '[{"leg":"closing"}]'::jsonb)`;
  const [row] = await deps.db.select().from(c)
    .where(and(sameAccount(a), or(isNotNull(c.acknowledgedAt), and(eq(c.state, "ok"), clear))))
    .orderBy(desc(c.checkedAt), desc(c.id)).limit(1);
  return row;
}

const totals = (held: Held) =>
  new Map(Object.entries(held).map(([asset, b]) => [asset, dec(b.free).add(b.locked)]));

const heldOf = (balances: Balance[]): Held =>
  Object.fromEntries(
    balances.filter((b) => !dec(b.free).isZero() || !dec(b.locked).isZero())
      .map((b) => [b.asset, { free: dec(b.free).toFixed(), locked: dec(b.locked).toFixed() }]),
  );

const nonZero = (amounts: Map<string, Decimal>) =>
  Object.fromEntries([...amounts].filter(([, v]) => !v.isZero()).map(([k, v]) => [k, v.toFixed()]));

/** Checks one account now; `actorId`: the Admin who asked, null for the engine's schedule. */
export async function checkAccount(
  deps: CheckDeps,
  a: CheckedAccount,
  actorId: number | null,
): Promise<CheckRow> {
  const checkedAt = deps.clock.now();
  const base = { ...a, checkedAt };
  const [previous] = await deps.db.select().from(balanceChecks).where(sameAccount(a))
    .orderBy(desc(balanceChecks.checkedAt), desc(balanceChecks.id)).limit(1);
  const checkpoint = await checkpointOf(deps, a);
  // The ledger first, then the exchange: a fill recorded meanwhile is in both or in the balances
  // only (a drift until the next check), never in the ledger only.
  const { fills, entries } = await ledgerSince(
    deps.db,
    a,
    checkpoint?.checkedAt ?? null,
    checkedAt,
  );
  let held: Held;
  try {
    const { adapter, ref } = await balanceSource(deps, a);
    held = heldOf(await adapter.balances(ref));
  } catch (err) {
    const [row] = await deps.db.insert(balanceChecks).values({
      ...base,
      state: "error",
      transactionIds: entries,
      note: JSON.stringify(sayingOf(err)),
    }).returning();
    return row;
  }
  if (!checkpoint) {
    const [row] = await deps.db.insert(balanceChecks)
      .values({ ...base, state: "ok", actual: held, transactionIds: entries }).returning();
    return row;
  }
  const expected = applyFills(
    nonZero(totals(checkpoint.actual as Held)),
    fills,
  );
  const exchanges = a.exchange === "none" ? ["binance", "gate"] as const : [a.exchange];
  const tolerance = await tolerances(deps.exchanges.markets(kindOf(a.adapter)), [...exchanges]);
  const drift = driftBeyond(totals(held), expected, tolerance);
  const drifted = Object.keys(drift).length > 0;
  const [row] = await deps.db.insert(balanceChecks).values({
    ...base,
    state: drifted ? "drift" : "ok",
    actual: held,
    expected: nonZero(expected),
    drift: drifted ? drift : null,
    transactionIds: entries,
  }).returning();
  const wasDrift = previous?.state === "drift" && !previous.acknowledgedAt;
  // A drift is audited when it appears or changes, not again at every check it stays.
  if (drifted && !(wasDrift && sameDrift(previous.drift, drift))) {
    await recordAudit(deps.db, {
      actorId,
      action: "reconciliation.drift",
      targetUserId: ownerOf(a.account).kind === "user" ? ownerOf(a.account).id : null,
      details: {
        checkId: row.id,
        ...a,
        drift,
        transactions: [...new Set(entries.map((e) => e.id))],
      },
      at: checkedAt,
    });
  }
  if (drifted || wasDrift) await announce(deps);
  return row;
}

function sameDrift(before: unknown, now: Record<string, string>) {
  const was = (before ?? {}) as Record<string, string>;
  const keys = Object.keys(now);
  return keys.length === Object.keys(was).length && keys.every((k) => was[k] === now[k]);
}

/** Tells every Admin's screen to read the checks again (the banner and the page). */
export async function announce(deps: Pick<Deps, "realtime">) {
  await deps.realtime?.hub.publish(
    { roles: [...PERMISSIONS["reconciliation.manage"]] },
    { type: "reconciliation-changed" },
  );
}

/** The latest check of every account checked so far. */
export function latestChecks(deps: Pick<Deps, "db">) {
  const c = balanceChecks;
  return deps.db.selectDistinctOn([c.account, c.exchange, c.adapter]).from(c)
    .orderBy(c.account, c.exchange, c.adapter, desc(c.checkedAt), desc(c.id));
}

/**
 * Checks every account (`due`: only those not checked for CHECK_EVERY_MS); how many were checked.
 * An account whose check fails is logged and the others go on.
 */
export async function runChecks(
  deps: CheckDeps,
  opts: { actorId: number | null; due?: boolean; log?: typeof logError },
) {
  const log = opts.log ?? logError;
  const [{ last }] = await deps.db.select({ last: max(balanceChecks.checkedAt) })
    .from(balanceChecks);
  // Accounts already checked are known; rows of the last hour before the last run find new ones.
  const newSince = last ? new Date(last.getTime() - 60 * 60_000) : null;
  let accounts = await accountsToCheck(deps.db, newSince);
  if (opts.due) {
    const cutoff = deps.clock.now().getTime() - CHECK_EVERY_MS;
    const fresh = new Set(
      (await latestChecks(deps)).filter((c) => c.checkedAt.getTime() > cutoff)
        .map((c) => accountKey(c as CheckedAccount)),
    );
    accounts = accounts.filter((a) => !fresh.has(accountKey(a)));
  }
  let checked = 0;
  for (let i = 0; i < accounts.length; i += AT_ONCE) {
    await Promise.all(
      accounts.slice(i, i + AT_ONCE).map(async (a) => {
        try {
          await checkAccount(deps, a, opts.actorId);
          checked++;
        } catch (err) {
          log(`reconciliation: check of ${accountKey(a)} failed`, err);
        }
      }),
    );
  }
  return checked;
}
