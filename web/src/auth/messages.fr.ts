// messages.ts in French.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./messages.ts";

export default {
  "login.sessionEnded": "Votre session a pris fin. Veuillez vous reconnecter.",
  "login.username": "Nom d'utilisateur",
  "login.password": "Mot de passe",
  "login.code": "Code d'authentification",
  "login.codeHint": "Laissez vide lors de votre première connexion",
  "login.submit": "Se connecter",
  "login.failed": "Échec de la connexion.",
  "login.enrolIntro":
    "Configurez la double authentification : scannez ce QR code avec votre application d'authentification, puis saisissez le code affiché.",
  "login.enrolManual": "Ou saisissez ce secret dans l'application :",
  "login.openApp": "Ouvrir dans l'application d'authentification",
  "login.qrAlt": "QR code pour l'application d'authentification",
  "login.confirm": "Confirmer",
  "password.old": "Ancien mot de passe",
  "password.new": "Nouveau mot de passe",
  "password.confirm": "Confirmer le nouveau mot de passe",
  "password.success": "Mot de passe modifié avec succès",
  "password.failed": "Échec du changement de mot de passe.",
} satisfies Translation<typeof en>;
