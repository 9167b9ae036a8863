// Call state (spec section 4 "Calls"): a call activates the BUY/SELL buttons of Users; a purchase
// sets justBought so the call's expiry skips its auto-done once.
import { proxy } from "valtio";

export const calls = proxy({ activeBuy: false, activeSell: false, justBought: false });

/** A transaction was created while the call was active. */
export function markBought() {
  calls.justBought = true;
}
