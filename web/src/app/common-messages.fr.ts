// common-messages.ts in French.
import type { Translation } from "../i18n/index.ts";
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
  "Passwords must match.": "Les mots de passe doivent correspondre.",
  "Please enter your password": "Veuillez saisir votre mot de passe",
  "Invalid email address": "Adresse e-mail invalide",
  "Password must be at least 6 characters": "Le mot de passe doit contenir au moins 6 caractères",
  "Enter the 6-digit code": "Saisissez le code à 6 chiffres",
} satisfies Translation<typeof en>;
