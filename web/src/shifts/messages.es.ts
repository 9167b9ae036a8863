// messages.ts in Spanish.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./messages.ts";

export default {
  "shifts.title": "Turnos",
  "shifts.loadFailed": "No se pudieron cargar los turnos.",
  "shifts.usersFailed": "No se pudieron cargar los usuarios.",
  "shifts.add": "Añadir turno",
  "shifts.edit": "Editar turno",
  "shifts.start": "Inicio",
  "shifts.end": "Fin",
  "shifts.hours": "Horas",
  "shifts.users": "Usuarios",
  "shifts.actions": "Acciones",
  "shifts.empty": "Todavía no hay turnos.",
  "shifts.startDay": "Día de inicio",
  "shifts.startHour": "Hora de inicio",
  "shifts.interval": "Duración (horas)",
  "shifts.intervalHint": "0 significa 24 horas",
  "shifts.preview": "De {{start}} a {{end}} ({{hours}} h)",
  "shifts.saved": "Turno guardado.",
  "shifts.saveFailed": "No se pudo guardar.",
  "shifts.deleteTitle": "Eliminar turno",
  "shifts.deleteConfirm": "¿Eliminar el turno de {{start}} a {{end}}?",
  "shifts.deleted": "Turno eliminado.",
  "shifts.deleteFailed": "No se pudo eliminar.",
  "Between 0 and 24 hours": "Entre 0 y 24 horas",
} satisfies Translation<typeof en>;
