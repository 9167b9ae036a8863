// messages.ts in Italian.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./messages.ts";

export default {
  "trading.pair": "Coppia",
  "trading.exchange": "Exchange",
  "trading.exchangeName.binance": "Binance",
  "trading.exchangeName.gate": "Gate",
  "trading.livePrice": "Prezzo in tempo reale",
  "trading.stalePrice": "Non aggiornato",
  "trading.stalePriceTitle":
    "Nessun nuovo prezzo da {{age}} s: gli ordini sono rifiutati finché non torna in tempo reale",
  "trading.price": "Prezzo",
  "trading.assetId": "ID dell'asset",
  "trading.buy": "COMPRA",
  "trading.sell": "VENDI",
  "trading.saveFailed": "Impossibile salvare la coppia e l'exchange.",
  "trading.enterPrice": "Inserisci un prezzo.",
  "trading.enterAssetId": "Inserisci l'ID dell'asset.",
  "trading.noPrice": "Nessun prezzo di mercato per ora. Riprova tra un momento.",
  "trading.created": "Transazione {{side}} n. {{id}} creata.",
  "trading.createFailed": "Creazione non riuscita.",
  "trading.createFailedTitle": "CREAZIONE DELLA TRANSAZIONE NON RIUSCITA",
  "trading.errorTitle": "Creazione della transazione non riuscita",
  "trading.missingKeys": "Aggiorna prima Key/Secret per {{exchange}}",
  "trading.fluctuatingTitle": "Il mercato sta oscillando",
  "trading.marketPrice": "Prezzo di mercato",
  "trading.lastMarketPrice": "Ultimo prezzo di mercato",
} satisfies Translation<typeof en>;
