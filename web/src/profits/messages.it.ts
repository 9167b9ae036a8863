// messages.ts in Italian.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./messages.ts";

export default {
  "profits.total.one":
    "Profitto realizzato totale di {{count}} operazione di andata e ritorno, dalle sue esecuzioni e commissioni:",
  "profits.title": "Profitti",
  "profits.loadFailed": "Impossibile caricare i profitti.",
  "profits.allTime": "Tutto il periodo",
  "profits.download": "Scarica CSV",
  "profits.total":
    "Profitto realizzato totale di {{count}} operazioni di andata e ritorno, dalle loro esecuzioni e commissioni:",
  "profits.day": "Data (UTC)",
  "profits.username": "Utente",
  "profits.trades": "Operazioni",
  "profits.quantity": "Quantità",
  "profits.buyAmount": "Importo di acquisto",
  "profits.sellAmount": "Importo di vendita",
  "profits.profit": "Profitto",
  "profits.empty": "Nessuna transazione DONE in questo intervallo.",
  "profits.notCounted":
    "Non conteggiate: {{count}} transazioni DONE senza risultato dalle esecuzioni: chiuse a mano {{handClosed}}, digitate a mano {{typed}}, modificate da un Admin {{edited}}, a senso unico (solo acquisto, solo vendita) {{oneSided}}, senza esecuzione da valutare {{unpriced}}. Ai loro obiettivi farebbero",
  "profits.notCounted.one":
    "Non conteggiata: 1 transazione DONE senza risultato dalle esecuzioni: chiusa a mano {{handClosed}}, digitata a mano {{typed}}, modificata da un Admin {{edited}}, a senso unico (solo acquisto, solo vendita) {{oneSided}}, senza esecuzione da valutare {{unpriced}}. Ai suoi obiettivi farebbe",
  "profits.missedCalls": "Chiamate perse: {{count}}, mai eseguite, avrebbero fatto",
  "profits.missedCalls.one": "Chiamate perse: 1, mai eseguita, avrebbe fatto",
  "profits.missedColumn": "Chiamate perse",
  "profits.notCountedColumn": "Non conteggiate",
} satisfies Translation<typeof en>;
