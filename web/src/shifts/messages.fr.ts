// messages.ts in French.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./messages.ts";

export default {
  "shifts.title": "Services",
  "shifts.loadFailed": "Impossible de charger les services.",
  "shifts.usersFailed": "Impossible de charger les utilisateurs.",
  "shifts.add": "Ajouter un service",
  "shifts.edit": "Modifier le service",
  "shifts.start": "Début",
  "shifts.end": "Fin",
  "shifts.hours": "Heures",
  "shifts.users": "Utilisateurs",
  "shifts.actions": "Actions",
  "shifts.empty": "Aucun service pour l'instant.",
  "shifts.startDay": "Jour de début",
  "shifts.startHour": "Heure de début",
  "shifts.interval": "Durée (heures)",
  "shifts.intervalHint": "0 signifie 24 heures",
  "shifts.preview": "Du {{start}} au {{end}} ({{hours}} h)",
  "shifts.saved": "Service enregistré.",
  "shifts.saveFailed": "Échec de l'enregistrement.",
  "shifts.deleteTitle": "Supprimer le service",
  "shifts.deleteConfirm": "Supprimer le service du {{start}} au {{end}} ?",
  "shifts.deleted": "Service supprimé.",
  "shifts.deleteFailed": "Échec de la suppression.",
  "Between 0 and 24 hours": "Entre 0 et 24 heures",
} satisfies Translation<typeof en>;
