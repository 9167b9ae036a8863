// messages.ts in French.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./messages.ts";

export default {
  "pwa.install": "Installer l'application",
  "pwa.offline": "Hors ligne",
  "pwa.offlineText":
    "Pas de connexion au serveur. Les prix, les ordres et les appels reprennent au retour du réseau.",
} satisfies Translation<typeof en>;
