// The calls area wired to the app: receiving a call (the socket hands it here), sending one
// (Lead and above), and the expiry's done transaction at the market price.
import type { CallInfo } from "../../../server/realtime/protocol.ts";
import type { CallTarget } from "../../../server/calls/target.shared.ts";
import { subscribeKey } from "valtio/utils";
import { onSignOut, session, updateUser } from "../session/store.ts";
import { market, selectedPrice } from "../market/store.ts";
import { needsTypedPrice } from "../market/pairs.ts";
import { reloadTransactions } from "../transactions/store.ts";
import { errorText, notifyError } from "../ui/notify.ts";
import { fetchActiveCall, generateDoneRequest, saveUseBot, sendCallRequest } from "./api.ts";
import { createCallLife } from "./call-life.ts";
import { ring } from "./sound.ts";
import { calls, initialCalls } from "./store.ts";
import { showBoard } from "./board-store.ts";
import { callsMessages } from "./messages.ts";

const { translate } = callsMessages;

const life = createCallLife(calls, {
  pair: () => market.pair,
  ring,
  setUseBot(mode) {
    const user = session.user;
    if (!user || user.useBot === mode) return;
    updateUser({ useBot: mode });
    saveUseBot(user.id, mode).catch((err) =>
      notifyError(errorText(err, translate("calls.useBotFailed")))
    );
  },
  async generateDone(callId) {
    const user = session.user;
    if (!user) return;
    const price = needsTypedPrice(market.pair) ? market.typedPrice : selectedPrice();
    if (!price) return void notifyError(translate("calls.noPrice"));
    try {
      // Loaded on the first Done: its decimal arithmetic is not worth the first load's bytes.
      const { donePayload } = await import("./done-payload.ts");
      await generateDoneRequest(donePayload(user, market.pair, price, callId));
    } catch (err) {
      notifyError(errorText(err, translate("calls.doneFailed")));
    }
    await reloadTransactions();
  },
  timers: {
    set: (fn, ms) => setTimeout(fn, ms),
    clear: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
  },
  now: () => Date.now(),
});

export const receiveCall = (call: CallInfo) => life.receive(call);

// The user answered the call (bought or sold): the alert has done its job, the notice stays.
subscribeKey(calls, "justBought", (bought) => bought && ring.stop());

/** After a (re)connect: a call that started while the socket was down still applies. */
export async function resumeActiveCall() {
  try {
    const { call } = await fetchActiveCall();
    if (call) life.receive(call, true);
  } catch {
    // The socket's next call will do; a 401 has signed out already.
  }
}

/** Lead and above: sends a call to the group; the CALL button glows for the call's lifetime. */
export async function sendCall(target: CallTarget | string, count: number) {
  if (calls.sending) return;
  calls.sending = true;
  try {
    const call = await sendCallRequest({ target, count });
    calls.glowUntil = Date.now() + (call.expiresAt - call.createdAt);
    // The caller watches the call land; the countdown is this device's, as the glow's.
    void showBoard(call.id, { endsAt: calls.glowUntil, floating: true });
  } catch (err) {
    notifyError(errorText(err, translate("calls.sendFailed")));
  } finally {
    calls.sending = false;
  }
}

/** Closing the notice silences the ring; the buttons stay active until the expiry. */
export function dismissNotice() {
  calls.notice = null;
  ring.stop();
}

onSignOut(() => {
  life.stop();
  Object.assign(calls, initialCalls());
});
