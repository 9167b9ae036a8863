// messages.ts in Italian.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./messages.ts";

export default {
  "profits.total.one": "Profitto realizzato totale su {{count}} transazione DONE:",
  "profits.title": "Profitti",
  "profits.loadFailed": "Impossibile caricare i profitti.",
  "profits.allTime": "Tutto il periodo",
  "profits.download": "Scarica CSV",
  "profits.total": "Profitto realizzato totale su {{count}} transazioni DONE:",
  "profits.day": "Data (UTC)",
  "profits.username": "Utente",
  "profits.trades": "Operazioni",
  "profits.quantity": "Quantità",
  "profits.buyAmount": "Importo di acquisto",
  "profits.sellAmount": "Importo di vendita",
  "profits.profit": "Profitto",
  "profits.empty": "Nessuna transazione DONE in questo intervallo.",
} satisfies Translation<typeof en>;
