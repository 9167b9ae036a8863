// messages.ts in Italian.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./messages.ts";

export default {
  "halts.bannerTitle": "Trading sospeso",
  "halts.banner.all": "Il trading è sospeso per tutti: {{reason}}",
  "halts.banner.exchange": "Il trading su {{exchange}} è sospeso: {{reason}}",
  "halts.banner.user": "Il trading è sospeso per {{username}}: {{reason}}",
  "halts.title": "Sospendi il trading",
  "halts.scope": "Chi",
  "halts.scope.all": "Tutti",
  "halts.scope.exchange": "Un exchange",
  "halts.scope.user": "Un utente",
  "halts.exchange": "Exchange",
  "halts.user": "Utente",
  "halts.reason": "Motivo",
  "halts.stopsClosing": "Ferma anche gli ordini di chiusura del bot",
  "halts.halt": "SOSPENDI",
  "halts.release": "Riprendi",
  "halts.column.halt": "Sospensione",
  "halts.column.closing": "Ordini di chiusura",
  "halts.column.set": "Impostata da",
  "halts.none": "Il trading non è sospeso.",
  "halts.failed": "Impossibile modificare la sospensione.",
  "limits.title": "Limiti degli ordini",
  "limits.maxPerOrder": "Massimo per ordine",
  "limits.maxPerDay": "Massimo al giorno",
  "limits.none": "Nessun limite",
  "limits.save": "Salva limite",
  "limits.saved": "Limite salvato",
  "limits.failed": "Impossibile salvare i limiti.",
} satisfies Translation<typeof en>;
