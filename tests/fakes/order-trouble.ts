// What a fake exchange does to the next order's answer, shared by fake-binance.ts and fake-gate.ts:
// the answer held back (slow exchange), never given, cut mid-answer, or a 5xx; with the order filled
// first or not. A held answer waits on the fake's own timer (or an injected `sleep`) and can be
// released by the test at once (`releaseHeld()`), so a test need not sleep 30 s.

export interface OrderTrouble {
  /**
   * - "hold": the real answer comes `holdMs` later (default 30 s) or at `releaseHeld()`, whichever
   *   is first. With `afterFill` the order is filled (and found by lookup) while the answer waits;
   *   without, the exchange takes the order only when the answer is released.
   * - "hang": no answer until `releaseHeld()` or `close()`, then 503 (the answer is lost).
   * - "drop": the status line and half the answer are sent, then the connection is cut.
   * - "502": a gateway's HTML error page, as a CDN in front of the exchange answers.
   * - "503": the exchange's own 5xx error body.
   */
  kind: "hold" | "hang" | "drop" | "502" | "503";
  /** Whether the order is placed (and fills, if it can) before the trouble. */
  afterFill: boolean;
  /** "hold": how long the answer waits, in ms; default 30 000. */
  holdMs?: number;
  /** The next lookups of orders that answer 5xx too: the exchange cannot tell for so many asks. */
  blindLookups?: number;
}

export interface TroubleOptions {
  /** Waits `ms` for a held answer; default a real timer, cleared when released or closed. */
  sleep?: (ms: number) => Promise<void>;
}

export const HOLD_MS = 30_000;

const BAD_GATEWAY =
  "<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1>" +
  "</center></body></html>";

/** The status line and the first half of `answer`, then the connection is cut. */
async function cut(answer: Response | null) {
  const bytes = new TextEncoder().encode(answer ? await answer.text() : "{}");
  const half = bytes.slice(0, Math.floor(bytes.length / 2));
  const body = new ReadableStream({
    start(controller) {
      controller.enqueue(half);
      controller.close();
    },
  });
  // Promising more than is sent makes the server close the connection at the end of the half.
  return new Response(body, {
    status: answer?.status ?? 200,
    headers: { "content-type": "application/json", "content-length": String(bytes.length + 1) },
  });
}

export function orderTroubles(opts: TroubleOptions = {}) {
  let next: OrderTrouble | null = null;
  let blind = 0;
  const held = new Set<() => void>();

  /** Resolves after `ms` (never, for Infinity) or at release, whichever is first. */
  const hold = (ms: number) =>
    new Promise<void>((resolve) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const release = () => {
        clearTimeout(timer);
        if (held.delete(release)) resolve();
      };
      held.add(release);
      if (ms === Infinity) return;
      if (opts.sleep) void opts.sleep(ms).then(release);
      else timer = setTimeout(release, ms);
    });

  return {
    set(trouble: OrderTrouble) {
      next = trouble;
    },
    get pending() {
      return next !== null;
    },
    /**
     * The next order's answer as the trouble makes it. `place` places the order and gives the
     * exchange's answer; `unavailable` is the exchange's own 503 body, for an internal error or
     * (timedOut) its backend's timeout.
     */
    async answer(place: () => Response, unavailable: (timedOut: boolean) => Response) {
      const t = next!;
      next = null;
      blind = t.blindLookups ?? 0;
      const placed = t.afterFill ? place() : null;
      switch (t.kind) {
        case "503":
          return unavailable(false);
        case "502":
          return new Response(BAD_GATEWAY, {
            status: 502,
            headers: { "content-type": "text/html" },
          });
        case "drop":
          return await cut(placed);
        case "hang":
          await hold(Infinity);
          return unavailable(true);
        case "hold":
          await hold(t.holdMs ?? HOLD_MS);
          return placed ?? place();
      }
    },
    /** A lookup the exchange cannot answer now (5xx), while blind lookups remain. */
    blindLookup() {
      if (blind <= 0) return false;
      blind--;
      return true;
    },
    /** Answers now waiting ("hold", "hang"). */
    get held() {
      return held.size;
    },
    /** Lets every waiting answer go now; how many there were. */
    releaseHeld() {
      const all = [...held];
      for (const release of all) release();
      return all.length;
    },
  };
}
