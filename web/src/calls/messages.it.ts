// messages.ts in Italian.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./messages.ts";

export default {
  "calls.secondsLeft": "{{seconds}} s rimasti",
  "calls.sideBuy": "COMPRA è disponibile: la tua modalità bot è {{mode}}.",
  "calls.sideSell": "VENDI è disponibile: la tua modalità bot è {{mode}}.",
  "calls.sideNone":
    "Nessun lato aperto per te: la tua modalità bot è {{mode}}, che questa chiamata non cambia. La imposta un Admin.",
  "calls.calling": "{{from}} STA CHIAMANDO",
  "calls.enterTradingInfo": "INSERISCI LE INFORMAZIONI DI TRADING NEL FOGLIO.",
  "calls.count": "Numero",
  "calls.target": "Obiettivo della chiamata",
  "calls.call": "CHIAMA",
  "calls.target.BUY": "COMPRA",
  "calls.target.SELL": "VENDI",
  "calls.target.BUY_ONLY": "SOLO ACQUISTO",
  "calls.target.SELL_ONLY": "SOLO VENDITA",
  "calls.target.RING_ONLY": "SOLO SUONERIA",
  "calls.sendFailed": "Chiamata non riuscita.",
  "calls.useBotFailed": "Impossibile cambiare la modalità del bot per questa chiamata.",
  "calls.noPrice":
    "Nessun prezzo di mercato: la transazione conclusa della chiamata non è stata creata.",
  "calls.doneFailed": "Impossibile creare la transazione conclusa della chiamata.",
  "calls.tradeErrorTitle": "{{action}} {{id}}",
  "calls.close": "Chiudi",
} satisfies Translation<typeof en>;
