// The spec's display formats (section 9): numbers with comma thousands (4 decimals by default),
// date-times as MM/DD/YYYY HH:mm:ss in local time.
import dayjs from "dayjs";
import { priceDecimals } from "../../../server/market/pairs.ts";

const formats = new Map<number, Intl.NumberFormat>();

export function formatNumber(value: string | number, places = 4): string {
  let format = formats.get(places);
  if (!format) {
    format = new Intl.NumberFormat("en-US", {
      minimumFractionDigits: places,
      maximumFractionDigits: places,
    });
    formats.set(places, format);
  }
  return format.format(Number(value));
}

/** A price keeps at least the pair's tick decimals (NAFT trades in 0.0000001 steps). */
export const formatPrice = (value: string, pair: string) =>
  formatNumber(value, Math.max(4, priceDecimals(pair)));

/** Quantities are floored to 8 decimals: show all of them. */
export const formatQuantity = (value: string) => formatNumber(value, 8);

export const formatDateTime = (iso: string) => dayjs(iso).format("MM/DD/YYYY HH:mm:ss");
