// Quiet hours: "HH:MM" to "HH:MM" in the user's time zone, running past midnight when the end is
// earlier than the start (22:00-07:00). The start is inside, the end outside.
import type { PushSettingsInput } from "./schema.ts";

export function inQuietHours(now: Date, s: PushSettingsInput): boolean {
  if (!s.quietStart || !s.quietEnd) return false;
  const local = new Intl.DateTimeFormat("en-GB", {
    timeZone: s.timeZone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(now);
  const at = minutes(local);
  const start = minutes(s.quietStart);
  const end = minutes(s.quietEnd);
  return start <= end ? at >= start && at < end : at >= start || at < end;
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
