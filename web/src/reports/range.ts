// Report ranges are picked as days and sent as epoch milliseconds: the start of the first day to
// the end of the last, in the viewer's time zone (docs/reports.md#report-dates).
import dayjs from "dayjs";

export type DayRange = [string | null, string | null];

export function dayRangeMs(range: DayRange): { start: number; end: number } | null {
  const [from, to] = range;
  if (!from || !to) return null;
  const start = dayjs(from).startOf("day").valueOf();
  const end = dayjs(to).endOf("day").valueOf();
  if (Number.isNaN(start) || Number.isNaN(end) || start > end) return null;
  return { start, end };
}

/** Today as a one-day range: what the report modals open with. */
export function todayRange(): DayRange {
  const today = dayjs().format("YYYY-MM-DD");
  return [today, today];
}

/** Bytes received so far, for the progress line of a download. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
