// Shift times as the table and form show them: the spec's date and hour formats (another
// language: its own), local time.
import dayjs from "dayjs";
import { localDate } from "../i18n/format.ts";

const DAY_HOUR: Intl.DateTimeFormatOptions = {
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "numeric",
};

/** "MM/DD/YYYY h A", e.g. 03/05/2026 8 PM (another language: its own). */
export const formatShiftTime = (iso: string | number) =>
  localDate(new Date(iso), DAY_HOUR) ?? dayjs(iso).format("MM/DD/YYYY h A");

/** The 24 hours of a day as select options labelled in the spec's hour format ('h A'). */
export const hourOptions = () =>
  Array.from({ length: 24 }, (_, h) => {
    const at = dayjs().startOf("day").hour(h);
    return {
      value: String(h),
      label: localDate(at.toDate(), { hour: "numeric" }) ?? at.format("h A"),
    };
  });

/** A picked day (YYYY-MM-DD) and hour as epoch milliseconds in the viewer's zone. */
export const dayHourMs = (day: string, hour: number) =>
  dayjs(day).startOf("day").hour(hour).valueOf();

/** The viewer's offset east of UTC in minutes, as the shift API takes it. */
export const viewerTzOffset = (at: number) => -new Date(at).getTimezoneOffset();
