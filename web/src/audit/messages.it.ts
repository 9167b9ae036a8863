// messages.ts in Italian.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./messages.ts";

export default {
  "audit.total.one": "{{count}} voce",
  "audit.title": "Registro di audit",
  "audit.loadFailed": "Impossibile caricare il registro di audit.",
  "audit.action": "Azione",
  "audit.allActions": "Tutte le azioni",
  "audit.total": "{{count}} voci",
  "audit.time": "Ora",
  "audit.actor": "Autore",
  "audit.target": "Utente interessato",
  "audit.details": "Dettagli",
  "audit.empty": "Nessuna voce di audit.",
} satisfies Translation<typeof en>;
