// messages.ts in Italian.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./messages.ts";

export default {
  "reports.userSummary": "Report riepilogo utenti",
  "reports.transaction": "Report transazioni",
  "reports.endOfShift": "Report di fine turno",
  "reports.dateRange": "Intervallo di date",
  "reports.pickDates": "Scegli il primo e l'ultimo giorno",
  "reports.selectRange": "Seleziona un intervallo di date.",
  "reports.userRegex": "Regex utente",
  "reports.pair": "Coppia",
  "reports.allPairs": "Tutte le coppie",
  "reports.download": "Scarica",
  "reports.downloading": "Download in corso… {{size}}",
  "reports.success": "Report riuscito!",
  "reports.failed": "Report non riuscito!",
} satisfies Translation<typeof en>;
