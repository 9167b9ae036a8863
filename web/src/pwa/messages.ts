// The installable app: install entry and offline state.
import { defineMessages } from "../i18n/index.ts";

export const en = {
  "pwa.install": "Install app",
  "pwa.offline": "Offline",
  "pwa.offlineText":
    "No connection to the server. Prices, orders and calls resume when the network is back.",
};

export const pwaMessages = defineMessages(en, {
  zh: () => import("./messages.zh.ts"),
  es: () => import("./messages.es.ts"),
  fr: () => import("./messages.fr.ts"),
  it: () => import("./messages.it.ts"),
});
