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
  "profits.notCounted":
    "Non conteggiate: {{count}} transazioni DONE con prezzi non del server: digitati a mano {{typed}}, chiuse a mano {{handClosed}}, modificate da un Admin {{edited}}. Il loro profitto sarebbe",
  "profits.notCounted.one":
    "Non conteggiata: 1 transazione DONE con prezzi non del server: digitati a mano {{typed}}, chiusa a mano {{handClosed}}, modificata da un Admin {{edited}}. Il suo profitto sarebbe",
  "profits.notCountedColumn": "Non conteggiate",
} satisfies Translation<typeof en>;
