// The halts store under Deno with a stubbed fetch: a reload that brings the same halts leaves the
// store as it was, so nothing that reads it hears of it; a changed halt replaces the list.
import assert from "node:assert/strict";
import { subscribe } from "valtio";
import type { HaltView } from "../../web/src/trading-halts/api.ts";
import { halts, loadHalts } from "../../web/src/trading-halts/store.ts";

const halt = (fields: Partial<HaltView> = {}): HaltView => ({
  id: 3,
  scope: "exchange",
  exchange: "gate",
  userId: null,
  username: null,
  reason: "Gate incident",
  stopsClosing: false,
  createdBy: "halt_admin",
  createdAt: 1_790_000_000_000,
  ...fields,
});

/** Each GET /api/trading-halts answers a fresh copy of `list()`. */
function stubHalts(list: () => HaltView[]) {
  const original = globalThis.fetch;
  globalThis.fetch = (() => Promise.resolve(Response.json(list()))) as unknown as typeof fetch;
  return () => (globalThis.fetch = original);
}

Deno.test({
  name: "loadHalts(): the same halts again leave the store untouched; a change replaces them",
  sanitizeOps: false,
  async fn() {
    let answer = [halt()];
    const restore = stubHalts(() => structuredClone(answer));
    let notified = 0;
    const unsubscribe = subscribe(halts, () => notified++, true);
    try {
      await loadHalts();
      const first = halts.active;
      assert.equal(notified, 1);

      await loadHalts();
      assert.equal(halts.active, first);
      assert.equal(notified, 1);

      answer = [halt({ reason: "Gate maintenance" })];
      await loadHalts();
      assert.notEqual(halts.active, first);
      assert.equal(halts.active[0].reason, "Gate maintenance");
      assert.equal(notified, 2);

      answer = [];
      await loadHalts();
      assert.deepEqual(halts.active, []);
      assert.equal(notified, 3);
    } finally {
      unsubscribe();
      restore();
    }
  },
});
