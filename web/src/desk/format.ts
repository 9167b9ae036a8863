// The desk's figures as the reader's language writes them.
import { formatNumber } from "../transactions/format.ts";
import { localDate } from "../i18n/format.ts";
import type { Translator } from "../i18n/index.ts";
import { durationParts } from "./live.ts";
import type { en } from "./messages.ts";

/** A result with its sign: "+12.34" / "-0.50". */
export const signed = (n: number, places = 2) => `${n > 0 ? "+" : ""}${formatNumber(n, places)}`;

export const percent = (n: number | null) => n === null ? "" : `${signed(n)}%`;

/** Profit teal, loss red, nothing dimmed: dark enough to read on the striped rows (axe). */
export const resultColor = (n: number | null) =>
  n === null || n === 0 ? "dimmed" : n > 0 ? "teal.9" : "red.9";

export const duration = (t: Translator<keyof typeof en>, ms: number) =>
  durationParts(ms).map(([unit, n]) => t(`desk.unit.${unit}`, { n })).join(" ");

const pad = (n: number) => String(n).padStart(2, "0");

/** A time of day (with the date when not today), as the lists write dates. */
export function shortTime(at: number, now = Date.now()) {
  const d = new Date(at);
  const sameDay = new Date(now).toDateString() === d.toDateString();
  const options: Intl.DateTimeFormatOptions = sameDay
    ? { hour: "2-digit", minute: "2-digit", hour12: false }
    : { month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hour12: false };
  return localDate(d, options) ??
    `${sameDay ? "" : `${pad(d.getMonth() + 1)}/${pad(d.getDate())} `}${pad(d.getHours())}:${
      pad(d.getMinutes())
    }`;
}
