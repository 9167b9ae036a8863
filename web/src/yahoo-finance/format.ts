// The display formats (docs/i18n.md#formats): MM/DD/YYYY, MM/DD/YYYY HH:mm:ss, numbers with comma
// thousands. Bar times are shown in UTC, the zone the bars are cut in.
import { DATE_TIME, localDate, numberFormat } from "../i18n/format.ts";

const two = (n: number) => String(n).padStart(2, "0");
const UTC_DAY: Intl.DateTimeFormatOptions = {
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  timeZone: "UTC",
};

export function formatBarDate(iso: string, withTime: boolean) {
  const d = new Date(iso);
  const local = localDate(d, withTime ? { ...DATE_TIME, timeZone: "UTC" } : UTC_DAY);
  if (local) return local;
  const date = `${two(d.getUTCMonth() + 1)}/${two(d.getUTCDate())}/${d.getUTCFullYear()}`;
  if (!withTime) return date;
  return `${date} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`;
}

export const formatPrice = (n: number) =>
  numberFormat({ minimumFractionDigits: 4, maximumFractionDigits: 4 }).format(n);
export const formatVolume = (n: number) => numberFormat({ maximumFractionDigits: 0 }).format(n);
