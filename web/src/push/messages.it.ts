// messages.ts in Italian.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./messages.ts";

export default {
  "push.menu": "Notifiche di chiamata",
  "push.title": "Notifiche di chiamata",
  "push.device.on": "Questo dispositivo riceve le notifiche di chiamata.",
  "push.device.off": "Questo dispositivo non riceve le notifiche di chiamata.",
  "push.device.denied": "Le notifiche di questo sito sono bloccate nelle impostazioni del browser.",
  "push.device.unsupported":
    "Questo browser non può ricevere notifiche. Su iPhone, aggiungi prima l'app alla schermata Home.",
  "push.enable": "Attiva",
  "push.disable": "Disattiva",
  "push.targets": "Chiamate che notificano",
  "push.kind.BUY": "ACQUISTO",
  "push.kind.SELL": "VENDITA",
  "push.kind.BUY_ONLY": "SOLO ACQUISTO",
  "push.kind.SELL_ONLY": "SOLO VENDITA",
  "push.kind.RING_ONLY": "SOLO SUONERIA",
  "push.kind.PAIR": "Coppia",
  "push.quietStart": "Silenzio dalle",
  "push.quietEnd": "Silenzio fino alle",
  "push.timeZone": "Orari in {{zone}}",
  "push.save": "Salva",
  "push.saved": "Impostazioni delle notifiche salvate",
  "push.failed": "Impossibile modificare le notifiche di chiamata.",
} satisfies Translation<typeof en>;
