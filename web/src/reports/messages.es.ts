// messages.ts in Spanish.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./messages.ts";

export default {
  "reports.userSummary": "Informe resumen de usuarios",
  "reports.transaction": "Informe de transacciones",
  "reports.endOfShift": "Informe de fin de turno",
  "reports.dateRange": "Rango de fechas",
  "reports.pickDates": "Elija el primer y el último día",
  "reports.selectRange": "Seleccione un rango de fechas.",
  "reports.userRegex": "Regex de usuario",
  "reports.pair": "Par",
  "reports.allPairs": "Todos los pares",
  "reports.download": "Descargar",
  "reports.downloading": "Descargando… {{size}}",
  "reports.success": "¡Informe listo!",
  "reports.failed": "¡Informe fallido!",
} satisfies Translation<typeof en>;
