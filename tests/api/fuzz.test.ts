import assert from "node:assert/strict";
import { runFuzz } from "../fuzz/fuzz.ts";

Deno.test({
  name: "fuzz: every route and role, from the OpenAPI schemas plus hostile values: no 5xx",
  // The app's timers and sockets of a few hundred requests are checked by the suites that own them.
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const f = await runFuzz({ requests: 250, seed: 7 });
    assert.ok(f.requests >= 250);
    assert.deepEqual(f.serverErrors, []);
    assert.deepEqual(f.rowChanges, []);
    assert.deepEqual(f.secretsInLog, []);
    // The hostile part reached the server's limits, not only its validators.
    assert.ok(f.byStatus[413] > 0, "some 2 MB bodies were sent");
  },
});
