// A pass the engine runs every so often (the order resolver, reconciliation): one pass at a time,
// the first at start, a failing pass logged and tried again at the next tick.
import { logError } from "./log-error.ts";

export interface PeriodicOptions {
  log?: (message: string, err?: unknown) => void;
  tickMs?: number;
}

export abstract class Periodic {
  private timer?: ReturnType<typeof setInterval>;
  private running?: Promise<unknown>;
  protected log: NonNullable<PeriodicOptions["log"]>;

  constructor(
    private what: string,
    private defaultTickMs: number,
    protected opts: PeriodicOptions = {},
  ) {
    this.log = opts.log ?? logError;
  }

  /** One pass. */
  protected abstract pass(): Promise<unknown>;

  start() {
    this.tick();
    this.timer = setInterval(() => this.tick(), this.opts.tickMs ?? this.defaultTickMs);
  }

  /** Stops; resolves once the pass under way has written what it found. */
  async stop() {
    clearInterval(this.timer);
    await this.running;
  }

  private tick() {
    if (this.running) return;
    this.running = this.pass()
      .catch((err) => this.log(`${this.what}: pass failed`, err))
      .finally(() => this.running = undefined);
  }
}
