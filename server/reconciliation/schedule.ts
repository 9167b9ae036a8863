// The engine's reconciliation: every account checked once CHECK_EVERY_MS has passed since its last
// check, by the injected clock. It runs on the engine (engine/engine.ts, beside the bot worker), so
// one instance checks at a time.
import { Periodic, type PeriodicOptions } from "../core/periodic.ts";
import { type CheckDeps, runChecks } from "./checks.ts";

/** How often the schedule looks for accounts due. */
export const RECONCILE_TICK_MS = 60_000;

export type ReconcilerOptions = PeriodicOptions;

export class Reconciler extends Periodic {
  constructor(private deps: CheckDeps, opts: ReconcilerOptions = {}) {
    super("reconciliation", RECONCILE_TICK_MS, opts);
  }

  protected pass() {
    return this.checkDue();
  }

  /** Checks every account due now; how many. */
  checkDue() {
    return runChecks(this.deps, { actorId: null, due: true, log: this.log });
  }
}
