// The engine's reconciliation: every account checked once CHECK_EVERY_MS has passed since its last
// check, by the injected clock. It runs on the engine (engine/engine.ts, beside the bot worker), so
// one instance checks at a time.
import { logError } from "../core/log-error.ts";
import { type CheckDeps, runChecks } from "./checks.ts";

/** How often the schedule looks for accounts due. */
export const RECONCILE_TICK_MS = 60_000;

export interface ReconcilerOptions {
  log?: (message: string, err?: unknown) => void;
  tickMs?: number;
}

export class Reconciler {
  private timer?: ReturnType<typeof setInterval>;
  private running?: Promise<unknown>;
  private log: NonNullable<ReconcilerOptions["log"]>;

  constructor(private deps: CheckDeps, private opts: ReconcilerOptions = {}) {
    this.log = opts.log ?? logError;
  }

  start() {
    this.tick();
    this.timer = setInterval(() => this.tick(), this.opts.tickMs ?? RECONCILE_TICK_MS);
  }

  /** Stops; resolves once the pass under way has written its checks. */
  async stop() {
    clearInterval(this.timer);
    await this.running;
  }

  private tick() {
    if (this.running) return;
    this.running = this.checkDue()
      .catch((err) => this.log("reconciliation: pass failed", err))
      .finally(() => this.running = undefined);
  }

  /** Checks every account due now; how many. */
  checkDue() {
    return runChecks(this.deps, { actorId: null, due: true, log: this.log });
  }
}
