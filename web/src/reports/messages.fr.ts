// messages.ts in French.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./messages.ts";

export default {
  "reports.userSummary": "Rapport de synthèse par utilisateur",
  "reports.transaction": "Rapport des transactions",
  "reports.endOfShift": "Rapport de fin de service",
  "reports.dateRange": "Période",
  "reports.pickDates": "Choisissez le premier et le dernier jour",
  "reports.selectRange": "Veuillez choisir une période.",
  "reports.userRegex": "Regex utilisateur",
  "reports.pair": "Paire",
  "reports.allPairs": "Toutes les paires",
  "reports.download": "Télécharger",
  "reports.downloading": "Téléchargement… {{size}}",
  "reports.success": "Rapport réussi !",
  "reports.failed": "Échec du rapport !",
} satisfies Translation<typeof en>;
