// board-messages.ts in Italian.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./board-messages.ts";

export default {
  "board.title": "Quadro della chiamata",
  "board.loadFailed": "Impossibile caricare il quadro della chiamata.",
  "board.heading": "{{lead}} ha chiamato {{target}} alle {{time}}",
  "board.ended": "Chiamata terminata",
  "board.recipients": "Destinatari",
  "board.followed": "Hanno seguito",
  "board.followedValue": "{{count}} su {{total}} ({{share}})",
  "board.filled": "Importo eseguito",
  "board.result": "Risultato finora",
  "board.resultSplit":
    "Realizzato {{realized}}, non realizzato al prezzo attuale {{unrealized}}. Le chiamate perse avrebbero fatto {{missed}} (mai profitto).",
  "board.user": "Utente",
  "board.state": "Stato",
  "board.delivery": "Raggiunto tramite",
  "board.seen": "Avviso visto",
  "board.side": "Lato",
  "board.fill": "Prezzo eseguito",
  "board.amount": "Importo",
  "board.reaction": "Reazione",
  "board.details": "Risultato o motivo",
  "board.missedWouldBe": "Avrebbe fatto {{amount}}",
  "board.noRecipients": "Nessuno ha ancora ricevuto questa chiamata.",
  "board.state.notified": "Avvisato",
  "board.state.seen": "Visto",
  "board.state.traded": "Ha operato",
  "board.state.refused": "Rifiutato",
  "board.state.missed": "Persa",
  "board.delivery.page": "Pagina aperta",
  "board.delivery.push": "Notifica al telefono",
  "board.delivery.offline": "Non in linea",
  "board.target.ALL": "COMPRA e VENDI",
  "board.openPage": "Apri la pagina della chiamata",
  "board.close": "Chiudi il quadro della chiamata",
} satisfies Translation<typeof en>;
