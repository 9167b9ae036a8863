// The minute the desk counts held times in: one timer for every row, ticking while it is shown.
import { proxy } from "valtio";

export const deskClock = proxy({ now: Date.now() });

export function runDeskClock() {
  deskClock.now = Date.now();
  const timer = setInterval(() => deskClock.now = Date.now(), 60_000);
  return () => clearInterval(timer);
}
