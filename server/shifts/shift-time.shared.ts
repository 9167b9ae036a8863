// Shift time rules (docs/shifts.md#shift-times), pure so the client's form shows what the server
// stores. Times are epoch milliseconds; `tzOffset` is the viewer's offset east of UTC in minutes,
// so "minutes zeroed" means the viewer's whole hour even in a +05:30 zone.

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

const mod = (a: number, n: number) => ((a % n) + n) % n;

/** Zeroes minutes, seconds and milliseconds on the viewer's clock. */
export function startOfHour(ms: number, tzOffset = 0): number {
  const local = ms + tzOffset * 60_000;
  return ms - mod(local, HOUR_MS);
}

/** An interval of 0 hours is a whole day. */
export const normalizeInterval = (hours: number) => (hours === 0 ? 24 : hours);

/**
 * The end of a shift read off a clock face: the start's hour plus the interval, on the start's
 * day; an end at or before the start rolls to the next day (20:00 for 8 h ends 04:00 next day,
 * 0 h ends at the same hour next day).
 */
export function shiftEnd(startMs: number, intervalHours: number, tzOffset = 0): number {
  const start = startOfHour(startMs, tzOffset);
  const dayStart = start - mod(start + tzOffset * 60_000, DAY_MS);
  const endHour = mod(hourOfDay(start, tzOffset) + normalizeInterval(intervalHours), 24);
  const sameDay = dayStart + endHour * HOUR_MS;
  return sameDay <= start ? sameDay + DAY_MS : sameDay;
}

/** The hour (0-23) of `ms` on the viewer's clock. */
export const hourOfDay = (ms: number, tzOffset = 0) =>
  Math.floor(mod(ms + tzOffset * 60_000, DAY_MS) / HOUR_MS);

export interface ShiftTime {
  timeStart: number;
  timeEnd: number;
  interval: number;
}

/** Applies every rule at once: the values a shift is stored with. */
export function shiftTime(timeStart: number, interval: number, tzOffset = 0): ShiftTime {
  const start = startOfHour(timeStart, tzOffset);
  return {
    timeStart: start,
    timeEnd: shiftEnd(start, interval, tzOffset),
    interval: normalizeInterval(interval),
  };
}
