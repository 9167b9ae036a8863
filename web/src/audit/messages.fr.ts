// messages.ts in French.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./messages.ts";

export default {
  "audit.total.one": "{{count}} entrée",
  "audit.title": "Journal d'audit",
  "audit.loadFailed": "Impossible de charger le journal d'audit.",
  "audit.action": "Action",
  "audit.allActions": "Toutes les actions",
  "audit.total": "{{count}} entrées",
  "audit.time": "Heure",
  "audit.actor": "Auteur",
  "audit.target": "Cible",
  "audit.details": "Détails",
  "audit.empty": "Aucune entrée d'audit.",
} satisfies Translation<typeof en>;
