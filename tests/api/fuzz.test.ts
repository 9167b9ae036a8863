import assert from "node:assert/strict";
import { runAbuse } from "../fuzz/abuse.ts";
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
    // Every answer, hostile or not, is one the OpenAPI document lists, in its schema.
    assert.deepEqual(f.undocumented, []);
    // The hostile part reached the server's limits, not only its validators.
    assert.ok(f.byStatus[413] > 0, "some 2 MB bodies were sent");
  },
});

Deno.test({
  name: "fuzz: sockets, slow bodies and many addresses, seeded: caps hold, no hang, owner gets in",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const a = await runAbuse({
      seed: 7,
      rounds: 3,
      maxFrameBytes: 2 * 1024 * 1024,
      slowBodies: 3,
      slowHeaders: 1,
      slowHeaderWindowMs: 1000,
      addresses: 5,
    });
    assert.equal(a.rounds, 3);
    assert.ok(a.socketsOpened > 0 && a.framesSent > 0);
    assert.deepEqual(a.capBreaches, []);
    assert.equal(a.socketsKeptOpen, 0);
    assert.deepEqual(a.slowBodyHangs, []);
    assert.equal(a.slowBodies, 3);
    assert.ok(a.guessesFromManyChecked <= a.guessesFromOneChecked, JSON.stringify(a));
    assert.ok(a.ownerGotIn);
  },
});
