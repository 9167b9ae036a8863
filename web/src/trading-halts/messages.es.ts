// messages.ts in Spanish.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./messages.ts";

export default {
  "halts.bannerTitle": "Trading detenido",
  "halts.banner.all": "El trading está detenido para todos: {{reason}}",
  "halts.banner.exchange": "El trading en {{exchange}} está detenido: {{reason}}",
  "halts.banner.user": "El trading está detenido para {{username}}: {{reason}}",
  "halts.title": "Detener el trading",
  "halts.scope": "Quién",
  "halts.scope.all": "Todos",
  "halts.scope.exchange": "Un exchange",
  "halts.scope.user": "Un usuario",
  "halts.exchange": "Exchange",
  "halts.user": "Usuario",
  "halts.reason": "Motivo",
  "halts.stopsClosing": "Detener también las órdenes de cierre del bot",
  "halts.halt": "DETENER",
  "halts.release": "Reanudar",
  "halts.column.halt": "Detención",
  "halts.column.closing": "Órdenes de cierre",
  "halts.column.set": "Puesta por",
  "halts.none": "El trading no está detenido.",
  "halts.failed": "No se pudo cambiar la detención.",
  "limits.title": "Límites de órdenes",
  "limits.maxPerOrder": "Máximo por orden",
  "limits.maxPerDay": "Máximo por día",
  "limits.none": "Sin límite",
  "limits.save": "Guardar límite",
  "limits.saved": "Límite guardado",
  "limits.failed": "No se pudieron guardar los límites.",
} satisfies Translation<typeof en>;
