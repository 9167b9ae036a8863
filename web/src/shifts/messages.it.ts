// messages.ts in Italian.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./messages.ts";

export default {
  "shifts.title": "Turni",
  "shifts.loadFailed": "Impossibile caricare i turni.",
  "shifts.usersFailed": "Impossibile caricare gli utenti.",
  "shifts.add": "Aggiungi turno",
  "shifts.edit": "Modifica turno",
  "shifts.start": "Inizio",
  "shifts.end": "Fine",
  "shifts.hours": "Ore",
  "shifts.users": "Utenti",
  "shifts.actions": "Azioni",
  "shifts.empty": "Ancora nessun turno.",
  "shifts.startDay": "Giorno di inizio",
  "shifts.startHour": "Ora di inizio",
  "shifts.interval": "Durata (ore)",
  "shifts.intervalHint": "0 significa 24 ore",
  "shifts.preview": "Da {{start}} a {{end}} ({{hours}} h)",
  "shifts.saved": "Turno salvato.",
  "shifts.saveFailed": "Salvataggio non riuscito.",
  "shifts.deleteTitle": "Elimina turno",
  "shifts.deleteConfirm": "Eliminare il turno da {{start}} a {{end}}?",
  "shifts.deleted": "Turno eliminato.",
  "shifts.deleteFailed": "Eliminazione non riuscita.",
  "Between 0 and 24 hours": "Tra 0 e 24 ore",
} satisfies Translation<typeof en>;
