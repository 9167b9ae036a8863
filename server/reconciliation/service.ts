// Running the checks on demand and acknowledging a drift (Admin and SuperAdmin: the routes check).
import { and, eq, isNull, sql } from "drizzle-orm";
import type { SessionUser } from "../auth/sessions.ts";
import { recordAudit } from "../audit/record.ts";
import { conflict } from "../core/errors.ts";
import { msg } from "../core/messages.shared.ts";
import { balanceChecks } from "../db/schema.ts";
import { announce, type CheckDeps, runChecks } from "./checks.ts";
import { ownerOf } from "./accounts.ts";
import { reconciliationView, viewsOf } from "./view.ts";

/** POST /reconciliation/run: every account checked now; the page as it then stands. */
export async function runNow(deps: CheckDeps, actor: SessionUser) {
  await runChecks(deps, { actorId: actor.id });
  return await reconciliationView(deps);
}

/**
 * The Admin says the account's balance is right as it stands (a deposit, a withdrawal): the check
 * becomes its checkpoint. Only the latest check of an account, and only a drift not acknowledged.
 */
export async function acknowledge(deps: CheckDeps, actor: SessionUser, id: number) {
  const c = balanceChecks;
  const now = deps.clock.now();
  const [row] = await deps.db.update(c).set({ acknowledgedBy: actor.id, acknowledgedAt: now })
    .where(and(
      eq(c.id, id),
      eq(c.state, "drift"),
      isNull(c.acknowledgedAt),
      sql`not exists (select 1 from "balance_checks" later
        where later.account = "balance_checks".account
          and later.exchange = "balance_checks".exchange
          and later.adapter = "balance_checks".adapter
          and (later.checked_at, later.id) > ("balance_checks".checked_at, "balance_checks".id))`,
    )).returning();
  if (!row) throw conflict(msg("reconciliation.notAcknowledgeable", { id }));
  const owner = ownerOf(row.account);
  await recordAudit(deps.db, {
    actorId: actor.id,
    action: "reconciliation.acknowledged",
    targetUserId: owner.kind === "user" ? owner.id : null,
    details: {
      checkId: row.id,
      account: row.account,
      exchange: row.exchange,
      adapter: row.adapter,
      drift: row.drift,
    },
    at: now,
  });
  await announce(deps);
  return (await viewsOf(deps, [row]))[0];
}
