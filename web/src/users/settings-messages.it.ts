// settings-messages.ts in Italian.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./settings-messages.ts";

export default {
  "settings.field.pair": "Coppia",
  "settings.help.pair":
    "La coppia su cui opera l'utente; una chiamata per una coppia raggiunge chi è su di essa.",
  "settings.field.exchange": "Exchange",
  "settings.help.exchange": "Dove vengono inviati gli ordini dell'utente.",
  "settings.field.useBot": "Modalità bot",
  "settings.help.useBot":
    "Cosa fa un clic: compra e poi vende allo spread, vende e poi ricompra, o un solo verso. Una chiamata cambia la modalità di uno User.",
  "settings.field.tradingAmount": "Importo di trading",
  "settings.help.tradingAmount":
    "Valuta di quotazione (es. USDT) spesa a ogni BUY. 0: non può comprare.",
  "settings.field.coinTradingAmount": "Quantità di coin",
  "settings.help.coinTradingAmount":
    "Coin venduti a ogni SELL (solo vendita vende il 95% dei fondi in coin).",
  "settings.field.spread": "Spread (%)",
  "settings.help.spread":
    "Di quanto sopra il prezzo d'acquisto il bot vende (o sotto ricompra), in percentuale.",
  "settings.field.isAutoSpread": "Spread automatico",
  "settings.help.isAutoSpread": "Passato al bot con ogni transazione: può scegliere lo spread.",
  "settings.field.numberOfTran": "Transazioni per clic",
  "settings.help.numberOfTran":
    "Da 1 a 10: un clic in modalità bot invia tanti ordini, gli extra variati del 5-20%.",
  "settings.field.fraction": "Frazione (%)",
  "settings.help.fraction": "Passata al bot con ogni transazione: la quota dell'importo che usa.",
  "settings.field.isFull": "Importo intero",
  "settings.help.isFull":
    "Passato al bot con ogni transazione: operare l'intero importo in una volta.",
  "settings.field.isRandom": "Importi casuali",
  "settings.help.isRandom": "Passato al bot con ogni transazione: variare gli importi.",
  "settings.field.group": "Gruppo",
  "settings.help.group": "Le chiamate raggiungono ogni membro del gruppo di chi chiama.",
  "settings.field.coinFunds": "Fondi in coin",
  "settings.help.coinFunds":
    "Quanto il conto detiene del coin della coppia sull'exchange, letto dal conto; solo vendita ne vende il 95%.",
  "settings.title": "Impostazioni di trading di {{username}}",
  "settings.open": "Impostazioni",
  "settings.keys": "Chiavi",
  "settings.myTitle": "Le mie impostazioni di trading",
  "settings.readOnly":
    "Impostate da un Admin. Scegli coppia ed exchange nella barra in alto; una chiamata imposta la tua modalità bot.",
  "settings.saved": "Impostazioni di {{username}} salvate.",
  "settings.saveFailed": "Impossibile salvare le impostazioni.",
  "settings.keysColumn": "Chiavi",
  "settings.noKeys": "nessuna",
  "settings.needsKeys": "mancano le chiavi",
  "settings.needsKeysHint":
    "Non può operare: mancano le chiavi {{exchange}} per la modalità bot di una chiamata",
  "settings.readFunds": "Leggi dal conto",
  "settings.fundsFailed": "Impossibile leggere il conto.",
  "settings.fundsOf": "{{amount}} {{asset}} su {{exchange}}",
  "settings.menu": "Impostazioni di trading",
  "Must be a whole number from 1 to 10": "Deve essere un numero intero da 1 a 10",
  "Must be a number with at most 8 decimals": "Deve essere un numero con al massimo 8 decimali",
  "Must be between 0 and 100 with at most 8 decimals":
    "Deve essere tra 0 e 100 con al massimo 8 decimali",
  "Must be between 0 and 1000000000 with at most 8 decimals":
    "Deve essere tra 0 e 1000000000 con al massimo 8 decimali",
  "Unknown pair": "Coppia sconosciuta",
  "roleChange.title": "Cambia ruolo",
  "roleChange.confirm":
    "Cambiare il ruolo di {{username}} da {{from}} a {{to}}? La sua sessione termina subito.",
  "roleChange.superAdmin":
    "{{username}} diventa SuperAdmin: controllo totale di tutti gli utenti, di tutte le chiavi di exchange e bot, e il potere di rimuovere altri SuperAdmin.",
  "roleChange.ok": "Cambia ruolo",
} satisfies Translation<typeof en>;
