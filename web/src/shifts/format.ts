// Shift times as the table and form show them: the spec's date and hour formats, local time.
import dayjs from "dayjs";

/** "MM/DD/YYYY h A", e.g. 03/05/2026 8 PM. */
export const formatShiftTime = (iso: string | number) => dayjs(iso).format("MM/DD/YYYY h A");

/** The 24 hours of a day as select options labelled in the spec's hour format ('h A'). */
export const HOUR_OPTIONS = Array.from({ length: 24 }, (_, h) => ({
  value: String(h),
  label: dayjs().hour(h).format("h A"),
}));

/** A picked day (YYYY-MM-DD) and hour as epoch milliseconds in the viewer's zone. */
export const dayHourMs = (day: string, hour: number) =>
  dayjs(day).startOf("day").hour(hour).valueOf();

/** The viewer's offset east of UTC in minutes, as the shift API takes it. */
export const viewerTzOffset = (at: number) => -new Date(at).getTimezoneOffset();
