// messages.ts in French.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./messages.ts";

export default {
  "shiftReport.button": "FIN DE SERVICE",
  "shiftReport.title": "Rapport de service",
  "shiftReport.account": "Compte",
  "shiftReport.usdtIn": "USDT entrée",
  "shiftReport.usdtOut": "USDT sortie",
  "shiftReport.btcIn": "BTC entrée",
  "shiftReport.btcOut": "BTC sortie",
  "shiftReport.ethIn": "ETH entrée",
  "shiftReport.ethOut": "ETH sortie",
  "shiftReport.gtIn": "GT entrée",
  "shiftReport.gtOut": "GT sortie",
  "shiftReport.copy": "Copier",
  "shiftReport.copied": "Copié dans le presse-papiers.",
  "shiftReport.copyFailed": "Impossible de copier dans le presse-papiers.",
  "shiftReport.success": "Succès !",
  "shiftReport.failed": "Échec !",
} satisfies Translation<typeof en>;
