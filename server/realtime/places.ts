// Socket places per user and per client address. A place is taken before the upgrade and given
// back when the socket closes, so parallel upgrades cannot all pass a count of open sockets that
// only grows once each has opened.

export class Places {
  #held = new Map<string, number>();

  /** How many places `key` holds. */
  held(key: string): number {
    return this.#held.get(key) ?? 0;
  }

  /**
   * Takes one place under every key, or none at all when a key is at its limit (then named as
   * `full`). The release it returns may be called any number of times.
   */
  take<K extends string>(
    limits: Record<K, number>,
  ): { release: () => void; full?: never } | { full: K; release?: never } {
    const keys = Object.keys(limits) as K[];
    const full = keys.find((key) => this.held(key) >= limits[key]);
    if (full !== undefined) return { full };
    for (const key of keys) this.#held.set(key, this.held(key) + 1);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      for (const key of keys) {
        const left = this.held(key) - 1;
        if (left > 0) this.#held.set(key, left);
        else this.#held.delete(key);
      }
    };
    return { release };
  }
}
