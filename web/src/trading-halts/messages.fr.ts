// messages.ts in French.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./messages.ts";

export default {
  "halts.bannerTitle": "Trading suspendu",
  "halts.banner.all": "Le trading est suspendu pour tous : {{reason}}",
  "halts.banner.exchange": "Le trading sur {{exchange}} est suspendu : {{reason}}",
  "halts.banner.user": "Le trading est suspendu pour {{username}} : {{reason}}",
  "halts.title": "Suspendre le trading",
  "halts.scope": "Qui",
  "halts.scope.all": "Tout le monde",
  "halts.scope.exchange": "Une plateforme",
  "halts.scope.user": "Un utilisateur",
  "halts.exchange": "Plateforme",
  "halts.user": "Utilisateur",
  "halts.reason": "Motif",
  "halts.stopsClosing": "Arrêter aussi les ordres de clôture du bot",
  "halts.halt": "SUSPENDRE",
  "halts.release": "Lever",
  "halts.column.halt": "Suspension",
  "halts.column.closing": "Ordres de clôture",
  "halts.column.set": "Posée par",
  "halts.none": "Le trading n'est pas suspendu.",
  "halts.failed": "La suspension n'a pas pu être modifiée.",
  "limits.title": "Limites d'ordres",
  "limits.maxPerOrder": "Maximum par ordre",
  "limits.maxPerDay": "Maximum par jour",
  "limits.none": "Aucune limite",
  "limits.save": "Enregistrer la limite",
  "limits.saved": "Limite enregistrée",
  "limits.failed": "Les limites n'ont pas pu être enregistrées.",
} satisfies Translation<typeof en>;
