// What a call does to its receiver (docs/calls.md#targets). Pure: the client applies it, the
// server's trade gate reads it, so both agree on which button a call activates.
import type { BOT_MODES } from "../db/enums.shared.ts";

type BotMode = (typeof BOT_MODES)[number];

/** The fixed choices of the call target selector; listed pair codes are the others. */
export const CALL_TARGETS = ["BUY", "SELL", "BUY_ONLY", "SELL_ONLY", "RING_ONLY"] as const;
/** Accepted by receivers as well, though the selector does not offer it: activates both buttons. */
export const CALL_TARGET_ALL = "ALL";

export type CallTarget = (typeof CALL_TARGETS)[number];

export interface CallEffect {
  /** RING_ONLY: only the ring and 'ENTER TRADING INFO INTO SHEET.', no button. */
  ringOnly: boolean;
  /** The bot mode the receiver switches to; undefined keeps the current one. */
  useBot?: BotMode;
  buy: boolean;
  sell: boolean;
}

const EFFECTS: Record<CallTarget, CallEffect> = {
  BUY: { ringOnly: false, useBot: "buy_sell", buy: true, sell: false },
  SELL: { ringOnly: false, useBot: "sell_buy", buy: false, sell: true },
  BUY_ONLY: { ringOnly: false, useBot: "only_buy", buy: true, sell: false },
  SELL_ONLY: { ringOnly: false, useBot: "only_sell", buy: false, sell: true },
  RING_ONLY: { ringOnly: true, buy: false, sell: false },
};

const BOTH: CallEffect = { ringOnly: false, buy: true, sell: true };

export const isFixedTarget = (target: string): target is CallTarget =>
  (CALL_TARGETS as readonly string[]).includes(target);

/** The pair a call's target names; null for a fixed target and ALL, which concern every pair. */
export const targetPair = (target: string): string | null =>
  isFixedTarget(target) || target === CALL_TARGET_ALL ? null : target;

/** The effect of a call on a receiver whose current pair is `pair`, or null when it ignores it. */
export function callEffect(target: string, pair: string): CallEffect | null {
  if (isFixedTarget(target)) return EFFECTS[target];
  const named = targetPair(target);
  if (named === null) return BOTH;
  return named.toLowerCase() === pair.toLowerCase() ? BOTH : null;
}
