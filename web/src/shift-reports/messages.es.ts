// messages.ts in Spanish.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./messages.ts";

export default {
  "shiftReport.button": "FIN DE TURNO",
  "shiftReport.title": "Informe de turno",
  "shiftReport.account": "Cuenta",
  "shiftReport.usdtIn": "USDT entrada",
  "shiftReport.usdtOut": "USDT salida",
  "shiftReport.btcIn": "BTC entrada",
  "shiftReport.btcOut": "BTC salida",
  "shiftReport.ethIn": "ETH entrada",
  "shiftReport.ethOut": "ETH salida",
  "shiftReport.gtIn": "GT entrada",
  "shiftReport.gtOut": "GT salida",
  "shiftReport.copy": "Copiar",
  "shiftReport.copied": "Copiado al portapapeles.",
  "shiftReport.copyFailed": "No se pudo copiar al portapapeles.",
  "shiftReport.success": "¡Éxito!",
  "shiftReport.failed": "¡Error!",
} satisfies Translation<typeof en>;
