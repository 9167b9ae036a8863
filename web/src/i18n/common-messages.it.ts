// common-messages.ts in Italian.
import type { Translation } from "./index.ts";
import type { en } from "./common-messages.ts";

export default {
  "common.language": "Lingua",
  "common.save": "Salva",
  "common.cancel": "Annulla",
  "common.close": "Chiudi",
  "common.confirm": "Conferma",
  "common.delete": "Elimina",
  "common.edit": "Modifica",
  "common.search": "Cerca",
  "common.loading": "Caricamento…",
  "common.scrollTable": "Tabella, scorre in orizzontale",
  "common.togglePassword": "Mostra o nascondi la password",
  "errors.notFoundTitle": "Sembra che ti sia perso",
  "errors.notFoundBody": "La pagina che cerchi non esiste o è stata spostata.",
  "errors.serverTitle": "Errore interno del server",
  "errors.serverBody": "Qualcosa è andato storto. Riprova più tardi.",
  "errors.backHome": "TORNA ALLA HOME",
  "Required": "Obbligatorio",
} satisfies Translation<typeof en>;
