// Whether the server can be reached: the browser's own online flag, and what the last request
// found (a phone on Wi-Fi whose server is down is as offline as one in a tunnel). While it is
// unreachable the health route is tried every few seconds, so the app notices it is back.
import { proxy } from "valtio";

export const network = proxy({ online: navigator.onLine });

const PROBE_MS = 5000;
let probe: ReturnType<typeof setInterval> | undefined;

export function reachable(yes: boolean) {
  network.online = yes;
  if (yes) {
    clearInterval(probe);
    probe = undefined;
  } else {
    probe ??= setInterval(() => {
      fetch("/api/health").then((res) => reachable(res.ok), () => {});
    }, PROBE_MS);
  }
}

addEventListener("online", () => reachable(true));
addEventListener("offline", () => reachable(false));
