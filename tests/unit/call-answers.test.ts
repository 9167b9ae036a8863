// How a user answered a call (server/calls/answers.ts): what generate-done decides from.
import assert from "node:assert/strict";
import { answerToCall, type CallTrade, openedSide } from "../../server/calls/answers.ts";

const BUY_CALL = { buy: true, sell: false };
const row = (fields: Partial<CallTrade> = {}): CallTrade => ({
  status: "BUY",
  useBot: "buy_sell",
  orderState: null,
  ...fields,
});

Deno.test("openedSide: an open row's status, a DONE row's mode, else either side", () => {
  assert.equal(openedSide(row({ status: "SELL", useBot: "buy_sell" })), "SELL");
  assert.equal(openedSide(row({ status: "DONE", useBot: "only_buy" })), "BUY");
  assert.equal(openedSide(row({ status: "DONE", useBot: "buy_sell" })), "BUY");
  assert.equal(openedSide(row({ status: "DONE", useBot: "only_sell" })), "SELL");
  assert.equal(openedSide(row({ status: "DONE", useBot: "sell_buy" })), "SELL");
  assert.equal(openedSide(row({ status: "DONE", useBot: "none" })), null);
});

Deno.test("answerToCall: nothing on the call's side is a missed call", () => {
  assert.equal(answerToCall(BUY_CALL, [], null), "missed");
  assert.equal(
    answerToCall(BUY_CALL, [row({ status: "SELL", useBot: "sell_buy" })], null),
    "missed",
  );
  assert.equal(
    answerToCall({ buy: true, sell: true }, [row({ status: "SELL", useBot: "sell_buy" })], null),
    "bought",
  );
});

Deno.test("answerToCall: a row on the side is a purchase, whatever the client sent", () => {
  assert.equal(answerToCall(BUY_CALL, [row()], null), "bought");
  assert.equal(answerToCall(BUY_CALL, [row({ status: "DONE", useBot: "none" })], null), "bought");
  // An order not confirmed yet may have filled: a missed-call row could be a second position.
  assert.equal(answerToCall(BUY_CALL, [row({ orderState: "pending" })], null), "bought");
  assert.equal(answerToCall(BUY_CALL, [row({ orderState: "unknown" })], null), "bought");
  // A purchase that named the call, its row since deleted.
  assert.equal(answerToCall(BUY_CALL, [], "bought"), "bought");
});

Deno.test("answerToCall: a refused order answers the call, unless another was bought", () => {
  assert.equal(answerToCall(BUY_CALL, [], "refused"), "refused");
  assert.equal(answerToCall(BUY_CALL, [row({ orderState: "refused" })], null), "refused");
  assert.equal(answerToCall(BUY_CALL, [row({ orderState: "refused" }), row()], null), "bought");
  assert.equal(answerToCall(BUY_CALL, [row()], "refused"), "bought");
});
