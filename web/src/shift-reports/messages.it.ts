// messages.ts in Italian.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./messages.ts";

export default {
  "shiftReport.button": "FINE TURNO",
  "shiftReport.title": "Report del turno",
  "shiftReport.account": "Conto",
  "shiftReport.usdtIn": "USDT in entrata",
  "shiftReport.usdtOut": "USDT in uscita",
  "shiftReport.btcIn": "BTC in entrata",
  "shiftReport.btcOut": "BTC in uscita",
  "shiftReport.ethIn": "ETH in entrata",
  "shiftReport.ethOut": "ETH in uscita",
  "shiftReport.gtIn": "GT in entrata",
  "shiftReport.gtOut": "GT in uscita",
  "shiftReport.copy": "Copia",
  "shiftReport.copied": "Copiato negli appunti.",
  "shiftReport.copyFailed": "Impossibile copiare negli appunti.",
  "shiftReport.success": "Successo!",
  "shiftReport.failed": "Non riuscito!",
} satisfies Translation<typeof en>;
