// How the board, the call history and the call figures write their figures: money in the quote
// asset with cents, shares as percents, reaction times in ms, in the viewer's locale.
import { numberFormat } from "../i18n/format.ts";
import { findPair } from "../../../server/exchanges/pairs.shared.ts";
import { CALL_TARGET_ALL, CALL_TARGETS } from "../../../server/calls/target.shared.ts";
import type { KeyOf, Translator } from "../i18n/index.ts";
import type { boardMessages } from "./board-messages.ts";
import type { callsMessages } from "./messages.ts";

export const formatMoney = (value: string | number) =>
  numberFormat({ minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(value));

/** A result with its sign: "+12.50", "-3.10". */
export const formatSigned = (value: string | number) => {
  const n = Number(value);
  return `${n > 0 ? "+" : ""}${formatMoney(n)}`;
};

export const resultColor = (value: string | number) =>
  Number(value) < 0 ? "red" : Number(value) > 0 ? "teal" : undefined;

export const formatShare = (share: number) =>
  numberFormat({ style: "percent", maximumFractionDigits: 0 }).format(share);

export const formatMs = (ms: number) =>
  `${numberFormat({ maximumFractionDigits: 0 }).format(ms)} ms`;

/** A median reaction, or a dash where no call was followed (as the desk writes an empty figure). */
export const formatMedianMs = (ms: number | null) => (ms === null ? "—" : formatMs(ms));

/** A call's target as the CALL selector words it: a side, or the pair's label. */
export function targetLabel(
  target: string,
  t: Translator<KeyOf<typeof callsMessages> | KeyOf<typeof boardMessages>>,
) {
  if (target === CALL_TARGET_ALL) return t("board.target.ALL");
  if ((CALL_TARGETS as readonly string[]).includes(target)) {
    return t(`calls.target.${target as (typeof CALL_TARGETS)[number]}`);
  }
  return findPair(target)?.label ?? target;
}
