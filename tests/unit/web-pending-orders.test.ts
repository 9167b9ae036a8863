// An order answered pending keeps the buttons busy until the socket says it settled (issue 27).
import assert from "node:assert/strict";
import {
  holdUntilSettled,
  orderSettled,
  pendingOrders,
} from "../../web/src/transactions/pending-orders.ts";

Deno.test({
  name: "pending orders: held until a change that is not pending, or a trade error, settles them",
  // The fallback release timer is cleared by nobody: it runs after the test.
  sanitizeOps: false,
  fn() {
    pendingOrders.ids = [];
    let toasts = 2;
    holdUntilSettled(7, () => toasts--);
    holdUntilSettled(8, () => toasts--);
    orderSettled(7, "pending");
    assert.deepEqual(pendingOrders.ids, [7, 8], "still pending");
    orderSettled(9, null);
    assert.deepEqual(pendingOrders.ids, [7, 8], "not ours");
    assert.equal(toasts, 2, "nothing settled yet");
    orderSettled(7, null);
    assert.deepEqual(pendingOrders.ids, [8]);
    assert.equal(toasts, 1, "its toast closed with it");
    orderSettled(8, "refused");
    assert.deepEqual(pendingOrders.ids, []);
    orderSettled(8, null);
    assert.equal(toasts, 0, "each closed once");
  },
});
