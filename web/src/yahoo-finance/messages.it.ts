// messages.ts in Italian.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./messages.ts";

export default {
  "yahoo.title": "Grafico BTC tramite Yahoo Finance",
  "yahoo.range": "Intervallo di date",
  "yahoo.rangePlaceholder": "Scegli due date",
  "yahoo.interval": "Intervallo",
  "yahoo.series": "Serie",
  "yahoo.open": "Apertura",
  "yahoo.close": "Chiusura",
  "yahoo.high": "Massimo",
  "yahoo.low": "Minimo",
  "yahoo.date": "Data",
  "yahoo.volume": "Volume",
  "yahoo.fetch": "Ottieni dati BTC",
  "yahoo.selectRange": "Seleziona un intervallo di date.",
  "yahoo.failed": "Impossibile ottenere i dati di Yahoo Finance.",
  "yahoo.empty": "Nessun dato in questo intervallo.",
  "yahoo.source.yahoo": "Fonte: Yahoo Finance",
  "yahoo.source.recorded": "Fonte: prezzi di mercato registrati da questo server",
  "yahoo.utc": "Orari in UTC",
} satisfies Translation<typeof en>;
