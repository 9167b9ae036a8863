// messages.ts in French.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./messages.ts";

export default {
  "push.menu": "Notifications d'appel",
  "push.title": "Notifications d'appel",
  "push.device.on": "Cet appareil est notifié des appels.",
  "push.device.off": "Cet appareil n'est pas notifié des appels.",
  "push.device.denied": "Les notifications de ce site sont bloquées dans le navigateur.",
  "push.device.unsupported":
    "Ce navigateur ne peut pas recevoir de notifications. Sur iPhone, ajoutez d'abord l'app à l'écran d'accueil.",
  "push.enable": "Activer",
  "push.disable": "Désactiver",
  "push.targets": "Appels qui notifient",
  "push.kind.BUY": "ACHAT",
  "push.kind.SELL": "VENTE",
  "push.kind.BUY_ONLY": "ACHAT SEUL",
  "push.kind.SELL_ONLY": "VENTE SEULE",
  "push.kind.RING_ONLY": "SONNERIE SEULE",
  "push.kind.PAIR": "Paire",
  "push.quietStart": "Silence à partir de",
  "push.quietEnd": "Silence jusqu'à",
  "push.timeZone": "Heures en {{zone}}",
  "push.save": "Enregistrer",
  "push.saved": "Réglages des notifications enregistrés",
  "push.failed": "Les notifications d'appel n'ont pas pu être modifiées.",
} satisfies Translation<typeof en>;
