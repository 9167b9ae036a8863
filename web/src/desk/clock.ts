// The clock the desk counts held times by: one timer for every row, ticking while it is shown.
// Every second, as the held times show seconds (live.ts's durationParts): a minute's tick showed
// "0 s" for a position opened seconds ago. It reads the server's time (server-clock.ts), as the
// positions' openings are the server's.
import { proxy } from "valtio";
import { serverNow } from "../market/server-clock.ts";

export const deskClock = proxy({ now: serverNow() });

export function runDeskClock() {
  deskClock.now = serverNow();
  const timer = setInterval(() => deskClock.now = serverNow(), 1000);
  return () => clearInterval(timer);
}
