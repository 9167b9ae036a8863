// messages.ts in Italian.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./messages.ts";

export default {
  "login.sessionEnded": "La tua sessione è terminata. Accedi di nuovo.",
  "login.username": "Nome utente",
  "login.password": "Password",
  "login.code": "Codice dell'autenticatore",
  "login.codeHint": "Lascia vuoto al primo accesso",
  "login.submit": "Accedi",
  "login.failed": "Accesso non riuscito.",
  "login.enrolIntro":
    "Configura l'accesso a due fattori: scansiona questo codice QR con l'app di autenticazione, poi inserisci il codice mostrato.",
  "login.enrolManual": "Oppure digita questo segreto nell'app:",
  "login.openApp": "Apri nell'app di autenticazione",
  "login.qrAlt": "Codice QR per l'app di autenticazione",
  "login.confirm": "Conferma",
  "password.old": "Vecchia password",
  "password.new": "Nuova password",
  "password.confirm": "Conferma nuova password",
  "password.success": "Modifica password riuscita",
  "password.failed": "Modifica password non riuscita.",
} satisfies Translation<typeof en>;
