// Call state (docs/calls.md#receiving-a-call): a call activates the BUY/SELL buttons of Users; a
// purchase sets justBought so the call's expiry skips its auto-done once.
import { proxy } from "valtio";

export interface TradeErrorNotice {
  action: "BUY" | "SELL";
  transactionId: number;
  message: string;
}

export interface CallNotice {
  /** The call shown: the notice tells the server it was seen (POST /calls/:id/seen). */
  callId: string;
  from: string;
  ringOnly: boolean;
  /** Epoch ms (this device's clock) when the call expires: the notice counts down to it. */
  endsAt: number;
  /** The call left the bot mode as it was (a pair target): the notice says which side it opens. */
  keepsMode: boolean;
}

export const initialCalls = () => ({
  activeBuy: false,
  activeSell: false,
  justBought: false,
  /** The call being answered; a purchase names it so the server skips this user's auto-done. */
  callId: null as string | null,
  /** The '{from} CALLING' notice; RING_ONLY adds 'ENTER TRADING INFO INTO SHEET.' */
  notice: null as CallNotice | null,
  ringing: false,
  /** BUY_ERROR / SELL_ERROR for this user. */
  tradeError: null as TradeErrorNotice | null,
  /** Lead and above: a call is being sent; the CALL button glows until glowUntil (epoch ms). */
  sending: false,
  glowUntil: 0,
});

export type CallsState = ReturnType<typeof initialCalls>;

export const calls = proxy(initialCalls());

/** A transaction was created while the call was active. */
export function markBought() {
  calls.justBought = true;
}

/** The call a purchase answers, if any: sent as callId with POST /transaction. */
export const answeringCallId = () => calls.callId ?? undefined;

export function showTradeError(error: TradeErrorNotice) {
  calls.tradeError = error;
}

export function closeTradeError() {
  calls.tradeError = null;
}
