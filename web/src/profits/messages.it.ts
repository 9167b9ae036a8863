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
  "profits.seriesFailed": "Impossibile caricare i grafici dei profitti.",
  "profits.split": "Suddividi per",
  "profits.split.user": "Utente",
  "profits.split.pair": "Coppia",
  "profits.split.exchange": "Exchange",
  "profits.stats.realized": "Realizzato",
  "profits.stats.trades": "Operazioni contate",
  "profits.stats.winRate": "Percentuale vincente",
  "profits.stats.avg": "Media per operazione",
  "profits.stats.fees": "Commissioni pagate",
  "profits.stats.best": "Operazione migliore",
  "profits.stats.worst": "Operazione peggiore",
  "profits.chart.dayTitle": "Risultato realizzato per giorno",
  "profits.chart.daily": "Realizzato quel giorno",
  "profits.chart.cumulative": "Totale cumulato",
  "profits.chart.dayCaption":
    "Barre: il risultato realizzato di ogni giorno dal {{from}} al {{to}} ({{days}} giorni con operazioni contate). Linea: il totale cumulato, che termina a {{total}}. Giorno migliore {{bestDay}}: {{best}}; giorno peggiore {{worstDay}}: {{worst}}.",
  "profits.chart.splitTitle.user": "Risultato realizzato per utente",
  "profits.chart.splitTitle.pair": "Risultato realizzato per coppia",
  "profits.chart.splitTitle.exchange": "Risultato realizzato per exchange",
  "profits.chart.splitCaption": "Barre, una per {{split}}, dalla maggiore alla minore: {{items}}.",
  "profits.chart.splitItem": "{{label}} {{amount}} in {{trades}} operazioni ({{wins}} vincenti)",
  "profits.chart.none": "Nessuna operazione contata in questo periodo: niente da disegnare.",
} satisfies Translation<typeof en>;
