// messages.ts in Italian.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./messages.ts";

export default {
  "pwa.install": "Installa l'app",
  "pwa.offline": "Offline",
  "pwa.offlineText":
    "Nessuna connessione al server. Prezzi, ordini e chiamate riprendono quando torna la rete.",
} satisfies Translation<typeof en>;
