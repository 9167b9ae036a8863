// Injected repeating timers, so tests step feeds, reconnect checks and flushes without sleeping.

export interface Scheduler {
  /** Calls `fn` every `ms`; returns a function that stops it. */
  every(ms: number, fn: () => void): () => void;
}

export const systemScheduler: Scheduler = {
  every(ms, fn) {
    const id = setInterval(fn, ms);
    return () => clearInterval(id);
  },
};

interface Job {
  ms: number;
  due: number;
  fn: () => void;
}

/** A scheduler tests move by hand: `advance(ms)` runs every job that falls due, in time order. */
export class ManualScheduler implements Scheduler {
  private now = 0;
  private jobs = new Set<Job>();

  every(ms: number, fn: () => void) {
    const job = { ms, due: this.now + ms, fn };
    this.jobs.add(job);
    return () => void this.jobs.delete(job);
  }

  advance(ms: number) {
    const until = this.now + ms;
    for (;;) {
      const next = [...this.jobs].filter((j) => j.due <= until).sort((a, b) => a.due - b.due)[0];
      if (!next) break;
      this.now = next.due;
      next.due += next.ms;
      next.fn();
    }
    this.now = until;
  }

  /** Jobs still scheduled: a stopped feed leaves none. */
  get pending() {
    return this.jobs.size;
  }
}
