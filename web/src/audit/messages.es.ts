// messages.ts in Spanish.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./messages.ts";

export default {
  "audit.total.one": "{{count}} entrada",
  "audit.title": "Registro de auditoría",
  "audit.loadFailed": "No se pudo cargar el registro de auditoría.",
  "audit.action": "Acción",
  "audit.allActions": "Todas las acciones",
  "audit.total": "{{count}} entradas",
  "audit.time": "Hora",
  "audit.actor": "Autor",
  "audit.target": "Usuario afectado",
  "audit.details": "Detalles",
  "audit.empty": "No hay entradas de auditoría.",
} satisfies Translation<typeof en>;
