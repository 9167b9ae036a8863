// common-messages.ts in French.
import type { Translation } from "./index.ts";
import type { en } from "./common-messages.ts";

export default {
  "common.language": "Langue",
  "common.save": "Enregistrer",
  "common.cancel": "Annuler",
  "common.close": "Fermer",
  "common.confirm": "Confirmer",
  "common.delete": "Supprimer",
  "common.edit": "Modifier",
  "common.search": "Rechercher",
  "common.loading": "Chargement…",
  "common.scrollTable": "Tableau, défile horizontalement",
  "common.togglePassword": "Afficher ou masquer le mot de passe",
  "errors.notFoundTitle": "On dirait que vous êtes perdu",
  "errors.notFoundBody": "La page que vous cherchez n'existe pas ou a été déplacée.",
  "errors.serverTitle": "Erreur interne du serveur",
  "errors.serverBody": "Une erreur s'est produite. Veuillez réessayer plus tard.",
  "errors.backHome": "RETOUR À L'ACCUEIL",
  "Required": "Obligatoire",
} satisfies Translation<typeof en>;
