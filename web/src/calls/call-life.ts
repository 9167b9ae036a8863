// One call's life on the receiving side (docs/calls.md#receiving-a-call): accept or ignore it by
// target and pair, ring and show the notice, set the bot mode and the buttons, and after the expiry
// deactivate, stop the ring and, unless the user just bought, have the done transaction generated.
// Its effects are injected, so it is tested under Deno with a manual timer.
import { type CallEffect, callEffect } from "../../../server/calls/target.shared.ts";
import type { CallInfo } from "../../../server/realtime/protocol.ts";
import type { CallsState } from "./store.ts";

export interface CallLifeEffects {
  /** The receiver's current pair: a pair-targeted call for another pair is ignored. */
  pair(): string;
  ring: { start(): void; stop(): void };
  setUseBot(mode: NonNullable<CallEffect["useBot"]>): void;
  /** Creates the done transaction for the expired call (POST /transaction/generate-done). */
  generateDone(callId: string): Promise<void>;
  timers: { set(fn: () => void, ms: number): unknown; clear(id: unknown): void };
  /** Epoch ms: when the notice's countdown ends, and to resume a call learnt late. */
  now(): number;
}

export interface CallLife {
  /** Returns false when the call is ignored. `resumed`: learnt after it started (reconnect). */
  receive(call: CallInfo, resumed?: boolean): boolean;
  /** Ends the current call with no auto-done (sign out). */
  stop(): void;
}

export function createCallLife(state: CallsState, fx: CallLifeEffects): CallLife {
  let timer: unknown;
  let current: string | null = null;

  const clear = () => {
    fx.timers.clear(timer);
    current = null;
    fx.ring.stop();
    state.activeBuy = false;
    state.activeSell = false;
    state.callId = null;
    state.notice = null;
  };

  const expire = async (call: CallInfo, effect: CallEffect) => {
    if (current !== call.id) return;
    clear();
    if (effect.ringOnly) return;
    if (state.justBought) {
      state.justBought = false;
      return;
    }
    await fx.generateDone(call.id);
  };

  return {
    receive(call, resumed = false) {
      if (call.id === current) return true;
      const effect = callEffect(call.target, fx.pair());
      if (!effect) return false;
      const lifetime = call.expiresAt - call.createdAt;
      // A call learnt late keeps its own end; a live one lives its full length from now, whatever
      // the two clocks say.
      const left = resumed ? Math.min(lifetime, call.expiresAt - fx.now()) : lifetime;
      if (left <= 0) return false;
      // A newer call replaces the one in progress, which then makes no auto-done.
      clear();
      current = call.id;
      state.justBought = false;
      state.notice = {
        callId: call.id,
        from: call.from,
        ringOnly: effect.ringOnly,
        endsAt: fx.now() + left,
        // A call aimed at the pair keeps the bot mode, which then decides the open side.
        keepsMode: !effect.ringOnly && !effect.useBot,
      };
      state.activeBuy = effect.buy;
      state.activeSell = effect.sell;
      state.callId = effect.ringOnly ? null : call.id;
      fx.ring.start();
      if (effect.useBot) fx.setUseBot(effect.useBot);
      timer = fx.timers.set(() => void expire(call, effect), left);
      return true;
    },
    stop: clear,
  };
}
