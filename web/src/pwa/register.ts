// Registers the service worker the build emits (/sw.js), and follows what the PWA entries of the
// avatar menu needs: the browser's install offer.
import { proxy } from "valtio";

/** Chromium's install offer (not in the DOM typings). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

export const pwa = proxy({
  /** The browser offers installation (Chromium only; Safari installs through Share menu). */
  canInstall: false,
});

let offer: InstallPromptEvent | null = null;

export function startPwa() {
  // Absent in the dev server (Vite serves no /sw.js) and in browsers without workers.
  navigator.serviceWorker?.register("/sw.js").catch(() => {});
  addEventListener("beforeinstallprompt", (e) => {
    e.preventDefault();
    offer = e as InstallPromptEvent;
    pwa.canInstall = true;
  });
  addEventListener("appinstalled", () => {
    offer = null;
    pwa.canInstall = false;
  });
}

/** Shows the browser's install dialog; the offer is used up either way. */
export async function install() {
  if (!offer) return;
  const shown = offer;
  offer = null;
  pwa.canInstall = false;
  await shown.prompt();
}
