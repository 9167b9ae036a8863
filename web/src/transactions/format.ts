// The display formats (docs/i18n.md#formats): numbers with comma thousands (4 decimals by default),
// date-times as MM/DD/YYYY HH:mm:ss in local time; in the other languages, their own.
import { priceDecimals } from "../../../server/exchanges/pairs.shared.ts";
import { DATE_TIME, localDate, numberFormat } from "../i18n/format.ts";

export function formatNumber(value: string | number, places = 4): string {
  return numberFormat({ minimumFractionDigits: places, maximumFractionDigits: places })
    .format(Number(value));
}

/** A price keeps at least the pair's tick decimals (NAFT trades in 0.0000001 steps). */
export const formatPrice = (value: string, pair: string) =>
  formatNumber(value, Math.max(4, priceDecimals(pair)));

/** Quantities are floored to 8 decimals: show all of them. */
export const formatQuantity = (value: string) => formatNumber(value, 8);

const pad = (n: number) => String(n).padStart(2, "0");

/** Written out rather than with dayjs, which the lists' first load need not carry for it. */
export function formatDateTime(iso: string) {
  const at = new Date(iso);
  return localDate(at, DATE_TIME) ??
    `${pad(at.getMonth() + 1)}/${pad(at.getDate())}/${at.getFullYear()} ` +
      `${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
}

/** A signed figure's colour: red below zero, teal otherwise. */
export const signColor = (value: string) => (value.startsWith("-") ? "red" : "teal");
